package io.pgvs3.s3.auth;

/**
 * The {@code Credential} value: {@code <access-key>/<yyyyMMdd>/<region>/s3/aws4_request}. The
 * service and terminator are fixed; the verifier holds the region to the gateway's own
 * ({@code pgvs3.s3.region}), as S3 does.
 */
record CredentialScope(String accessKeyId, String date, String region, String service) {

    static CredentialScope parse(String credential, AuthFailure malformed) {
        String[] parts = credential.split("/", -1);
        if (parts.length != 5 || parts[0].isEmpty() || parts[2].isEmpty()) {
            throw new AuthException(malformed, "Error parsing the X-Amz-Credential parameter; the Credential"
                    + " is mal-formed; expecting \"<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request\".");
        }
        if (!isDate(parts[1])) {
            throw new AuthException(malformed, "Error parsing the X-Amz-Credential parameter; incorrect date"
                    + " format \"" + parts[1] + "\". This date in the credential must be in the format \"yyyyMMdd\".");
        }
        if (!parts[3].equals("s3")) {
            throw new AuthException(malformed, "Error parsing the X-Amz-Credential parameter; incorrect service \""
                    + parts[3] + "\". This endpoint belongs to \"s3\".");
        }
        if (!parts[4].equals(SigV4Crypto.TERMINATOR)) {
            throw new AuthException(malformed, "Error parsing the X-Amz-Credential parameter; incorrect terminal \""
                    + parts[4] + "\". This endpoint uses \"aws4_request\".");
        }
        return new CredentialScope(parts[0], parts[1], parts[2], parts[3]);
    }

    /** {@code <date>/<region>/<service>/aws4_request}, as it appears in every string to sign. */
    String scope() {
        return date + "/" + region + "/" + service + "/" + SigV4Crypto.TERMINATOR;
    }

    /** Eight ASCII digits, checked without a regex (this runs on every request). */
    private static boolean isDate(String value) {
        if (value.length() != 8) {
            return false;
        }
        for (int i = 0; i < 8; i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
