package io.pgvs3.s3.auth;

/**
 * Every way authentication can fail, with the HTTP status and the exact S3 error code AWS answers.
 * Several constants share a wire code (S3 says {@code AccessDenied} for many reasons); the constant
 * keeps the reason apart for tests and logs while the client sees what S3 would send.
 */
public enum AuthFailure {
    ACCESS_DENIED(403, "AccessDenied", "Access Denied"),
    REQUEST_EXPIRED(403, "AccessDenied", "Request has expired"),
    REQUEST_NOT_YET_VALID(403, "AccessDenied", "Request is not valid yet"),
    SIGNATURE_DOES_NOT_MATCH(403, "SignatureDoesNotMatch",
            "The request signature we calculated does not match the signature you provided."
                    + " Check your key and signing method."),
    INVALID_ACCESS_KEY_ID(403, "InvalidAccessKeyId",
            "The AWS Access Key Id you provided does not exist in our records."),
    REQUEST_TIME_TOO_SKEWED(403, "RequestTimeTooSkewed",
            "The difference between the request time and the current time is too large."),
    AUTHORIZATION_HEADER_MALFORMED(400, "AuthorizationHeaderMalformed",
            "The authorization header is malformed."),
    AUTHORIZATION_QUERY_PARAMETERS_ERROR(400, "AuthorizationQueryParametersError",
            "Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential,"
                    + " X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters."),
    MISSING_SECURITY_HEADER(400, "MissingSecurityHeader", "Your request is missing a required header."),
    /** S3 answers a header-signed request without x-amz-content-sha256 with 400 InvalidRequest. */
    MISSING_CONTENT_SHA256(400, "InvalidRequest",
            "Missing required header for this request: x-amz-content-sha256"),
    INVALID_ARGUMENT(400, "InvalidArgument", "Invalid Argument"),
    /** SigV2, SigV4a and anything else that is not AWS4-HMAC-SHA256. */
    UNSUPPORTED_AUTH(400, "InvalidRequest",
            "The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256."),
    CONTENT_SHA256_MISMATCH(400, "XAmzContentSHA256Mismatch",
            "The provided 'x-amz-content-sha256' header does not match what was computed."),
    INCOMPLETE_BODY(400, "IncompleteBody",
            "You did not provide the number of bytes specified by the Content-Length HTTP header."),
    /** S3 reports undecodable aws-chunked framing as IncompleteBody as well. */
    MALFORMED_CHUNK(400, "IncompleteBody", "The request body is not valid aws-chunked encoding.");

    private final int httpStatus;
    private final String code;
    private final String defaultMessage;

    AuthFailure(int httpStatus, String code, String defaultMessage) {
        this.httpStatus = httpStatus;
        this.code = code;
        this.defaultMessage = defaultMessage;
    }

    public int httpStatus() {
        return httpStatus;
    }

    /** The S3 error code written into {@code <Code>}. */
    public String code() {
        return code;
    }

    public String defaultMessage() {
        return defaultMessage;
    }
}
