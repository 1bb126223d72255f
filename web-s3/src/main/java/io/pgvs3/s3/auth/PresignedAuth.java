package io.pgvs3.s3.auth;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Parses the {@code X-Amz-*} parameters of a presigned URL. */
final class PresignedAuth {
    static final String SIGNATURE_PARAM = "X-Amz-Signature";
    private static final AuthFailure ERROR = AuthFailure.AUTHORIZATION_QUERY_PARAMETERS_ERROR;
    private static final long MAX_EXPIRES_SECONDS = 604_800;

    private PresignedAuth() {
    }

    static SignatureInputs parse(RequestQuery query, Map<String, List<String>> headers) {
        String algorithm = query.single("X-Amz-Algorithm", ERROR);
        String credential = query.single("X-Amz-Credential", ERROR);
        String amzDate = query.single("X-Amz-Date", ERROR);
        String expires = query.single("X-Amz-Expires", ERROR);
        String signedHeaders = query.single("X-Amz-SignedHeaders", ERROR);
        String signature = query.single(SIGNATURE_PARAM, ERROR);
        if (credential == null || amzDate == null || expires == null || signedHeaders == null || signature == null) {
            throw new AuthException(ERROR);
        }
        if (!SigV4Crypto.ALGORITHM.equals(algorithm)) {
            throw new AuthException(ERROR, "X-Amz-Algorithm only supports \"AWS4-HMAC-SHA256\"");
        }
        CredentialScope scope = CredentialScope.parse(credential, ERROR);
        Instant time = AmzTime.parseIsoBasic(amzDate);
        if (time == null) {
            throw new AuthException(ERROR, "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
        }
        if (!amzDate.startsWith(scope.date())) {
            throw new AuthException(ERROR, "Invalid credential date. Date is not the same as X-Amz-Date.");
        }
        long seconds;
        try {
            seconds = Long.parseLong(expires);
        } catch (NumberFormatException e) {
            throw new AuthException(ERROR, "X-Amz-Expires should be a number");
        }
        if (seconds < 1) {
            throw new AuthException(ERROR, "X-Amz-Expires must be non-negative");
        }
        if (seconds > MAX_EXPIRES_SECONDS) {
            throw new AuthException(ERROR, "X-Amz-Expires must be less than a week (in seconds) that is 604800");
        }
        // A presigned URL covers the body only if the client chose to sign a hash in.
        String payloadHash = SigV4Verifier.single(headers, "x-amz-content-sha256");
        if (payloadHash == null) {
            payloadHash = query.single("X-Amz-Content-Sha256", ERROR);
        }
        if (payloadHash == null) {
            payloadHash = PayloadMode.UNSIGNED.wireValue();
        }
        return new SignatureInputs(scope, amzDate, time, null, SigV4Verifier.signedHeaderList(signedHeaders, ERROR),
                signature, payloadHash, Duration.ofSeconds(seconds));
    }
}
