package io.pgvs3.s3.auth;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses {@code Authorization: AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...}.
 * Components may be separated by commas, spaces or both, as AWS tolerates; none of their values can
 * contain either, so splitting on runs of them is unambiguous.
 */
final class HeaderAuth {
    private static final AuthFailure MALFORMED = AuthFailure.AUTHORIZATION_HEADER_MALFORMED;
    /*
     * A client sends the same Credential and SignedHeaders components on every request of a day: each is
     * parsed once (parsing them was about 2 % of a small GET's CPU, JFR), a few per client and day.
     */
    private static final RepeatedValues<String, CredentialScope> CREDENTIALS = new RepeatedValues<>(1024,
            credential -> CredentialScope.parse(credential, MALFORMED));
    private static final RepeatedValues<String, List<String>> SIGNED_HEADERS = new RepeatedValues<>(1024,
            signedHeaders -> SigV4Verifier.signedHeaderList(signedHeaders, MALFORMED));

    private HeaderAuth() {
    }

    static SignatureInputs parse(String authorization, Map<String, List<String>> headers) {
        String value = authorization.strip();
        int space = value.indexOf(' ');
        String algorithm = space < 0 ? value : value.substring(0, space);
        if (!algorithm.equals(SigV4Crypto.ALGORITHM)) {
            // "AWS AKID:sig" is SigV2; AWS4-ECDSA-P256-SHA256 is SigV4a. Neither is offered.
            if (algorithm.equals("AWS") || algorithm.startsWith("AWS4-")) {
                throw new AuthException(AuthFailure.UNSUPPORTED_AUTH);
            }
            throw new AuthException(AuthFailure.INVALID_ARGUMENT, "Unsupported Authorization Type");
        }
        Map<String, String> parts = components(space < 0 ? "" : value.substring(space + 1));
        String credential = parts.get("Credential");
        String signedHeaders = parts.get("SignedHeaders");
        String signature = parts.get("Signature");
        if (credential == null || signedHeaders == null || signature == null) {
            throw new AuthException(MALFORMED, "The authorization header is malformed; the authorization"
                    + " header requires three components: Credential, SignedHeaders, and Signature.");
        }
        CredentialScope scope = CREDENTIALS.of(credential);

        String timeHeader = "x-amz-date";
        String amzDate = SigV4Verifier.single(headers, timeHeader);
        Instant time;
        if (amzDate != null) {
            time = AmzTime.parseIsoBasic(amzDate);
        } else {
            timeHeader = "date";
            time = AmzTime.parseRfc1123(SigV4Verifier.single(headers, timeHeader));
            amzDate = time == null ? null : AmzTime.formatIsoBasic(time);
        }
        if (time == null) {
            throw new AuthException(AuthFailure.ACCESS_DENIED,
                    "AWS authentication requires a valid Date or x-amz-date header");
        }
        if (!amzDate.startsWith(scope.date())) {
            throw new AuthException(MALFORMED, "Invalid credential date. Date is not the same as X-Amz-Date.");
        }
        return new SignatureInputs(scope, amzDate, time, timeHeader, SIGNED_HEADERS.of(signedHeaders),
                signature, SigV4Verifier.single(headers, "x-amz-content-sha256"), null);
    }

    private static Map<String, String> components(String rest) {
        Map<String, String> parts = new HashMap<>(4);
        int end = 0;
        while (true) {
            int start = end;
            while (start < rest.length() && separator(rest.charAt(start))) {
                start++;
            }
            if (start == rest.length()) {
                return parts;
            }
            end = start;
            while (end < rest.length() && !separator(rest.charAt(end))) {
                end++;
            }
            String token = rest.substring(start, end);
            int eq = token.indexOf('=');
            if (eq <= 0) {
                throw new AuthException(MALFORMED, "The authorization header is malformed; the authorization"
                        + " component \"" + token + "\" is malformed.");
            }
            if (parts.put(token.substring(0, eq), token.substring(eq + 1)) != null) {
                throw new AuthException(MALFORMED, "The authorization header is malformed; the authorization"
                        + " component \"" + token.substring(0, eq) + "\" is repeated.");
            }
        }
    }

    /** Commas and regex {@code \\s} whitespace separate the components (split by hand: this runs on every request). */
    private static boolean separator(char c) {
        return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }
}
