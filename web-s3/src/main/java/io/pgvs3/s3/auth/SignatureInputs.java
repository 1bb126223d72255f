package io.pgvs3.s3.auth;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What either auth form (header or presigned query) supplies to the common verification steps.
 *
 * @param amzDate     the request time exactly as it enters the string to sign
 * @param timeHeader  the header the time came from ({@code x-amz-date} or {@code date}); null when
 *                    presigned, where the time is a query parameter and signed by construction
 * @param payloadHash the x-amz-content-sha256 value (null if a header request omitted it)
 * @param expires     presigned validity, or null for header auth
 */
record SignatureInputs(CredentialScope credential, String amzDate, Instant requestTime, String timeHeader,
                       List<String> signedHeaders, String signature, String payloadHash, Duration expires) {

    boolean presigned() {
        return expires != null;
    }

    /** The failure kind S3 uses for a malformed request of this form. */
    AuthFailure malformed() {
        return presigned() ? AuthFailure.AUTHORIZATION_QUERY_PARAMETERS_ERROR
                : AuthFailure.AUTHORIZATION_HEADER_MALFORMED;
    }
}
