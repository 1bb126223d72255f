package io.pgvs3.s3.error;

import io.pgvs3.s3.auth.AuthException;
import io.pgvs3.s3.auth.AuthFailure;

/** Authentication failures to S3 errors. */
final class AuthErrors {

    private AuthErrors() {
    }

    static S3Exception translate(Throwable t) {
        if (!(t instanceof AuthException auth)) {
            return null;
        }
        S3ErrorCode code = of(auth.failure());
        S3Exception error = new S3Exception(code, auth.getMessage() == null ? code.message() : auth.getMessage(),
                null, null, auth);
        return auth.expectedRegion() == null ? error : error.withDetail("Region", auth.expectedRegion());
    }

    static S3ErrorCode of(AuthFailure failure) {
        return switch (failure) {
            case ACCESS_DENIED, REQUEST_EXPIRED, REQUEST_NOT_YET_VALID -> S3ErrorCode.ACCESS_DENIED;
            case SIGNATURE_DOES_NOT_MATCH -> S3ErrorCode.SIGNATURE_DOES_NOT_MATCH;
            case INVALID_ACCESS_KEY_ID -> S3ErrorCode.INVALID_ACCESS_KEY_ID;
            case REQUEST_TIME_TOO_SKEWED -> S3ErrorCode.REQUEST_TIME_TOO_SKEWED;
            case AUTHORIZATION_HEADER_MALFORMED -> S3ErrorCode.AUTHORIZATION_HEADER_MALFORMED;
            case AUTHORIZATION_QUERY_PARAMETERS_ERROR -> S3ErrorCode.AUTHORIZATION_QUERY_PARAMETERS_ERROR;
            case MISSING_SECURITY_HEADER -> S3ErrorCode.MISSING_SECURITY_HEADER;
            case INVALID_ARGUMENT -> S3ErrorCode.INVALID_ARGUMENT;
            case UNSUPPORTED_AUTH, MISSING_CONTENT_SHA256 -> S3ErrorCode.INVALID_REQUEST;
            case CONTENT_SHA256_MISMATCH -> S3ErrorCode.X_AMZ_CONTENT_SHA256_MISMATCH;
            case INCOMPLETE_BODY, MALFORMED_CHUNK -> S3ErrorCode.INCOMPLETE_BODY;
        };
    }
}
