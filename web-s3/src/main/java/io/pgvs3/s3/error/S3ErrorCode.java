package io.pgvs3.s3.error;

/** Every S3 error this gateway answers: HTTP status, the exact wire code, and S3's default message. */
public enum S3ErrorCode {
    ACCESS_DENIED(403, "AccessDenied", "Access Denied"),
    ACCESS_CONTROL_LIST_NOT_SUPPORTED(400, "AccessControlListNotSupported", "The bucket does not allow ACLs"),
    AUTHORIZATION_HEADER_MALFORMED(400, "AuthorizationHeaderMalformed", "The authorization header is malformed."),
    BAD_DIGEST(400, "BadDigest", "The Content-MD5 you specified did not match what we received."),
    BUCKET_ALREADY_EXISTS(409, "BucketAlreadyExists", "The requested bucket name is not available."),
    BUCKET_NOT_EMPTY(409, "BucketNotEmpty", "The bucket you tried to delete is not empty"),
    CONDITIONAL_REQUEST_CONFLICT(409, "ConditionalRequestConflict",
            "A conflicting operation occurred. If using PutObject you can retry the request."),
    ENTITY_TOO_LARGE(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed object size."),
    ENTITY_TOO_SMALL(400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed object size."),
    ILLEGAL_LOCATION_CONSTRAINT(400, "IllegalLocationConstraintException",
            "The unspecified location constraint is incompatible for the region specific endpoint this request was sent to."),
    INCOMPLETE_BODY(400, "IncompleteBody", "You did not provide the number of bytes specified by the Content-Length HTTP header."),
    INTERNAL_ERROR(500, "InternalError", "We encountered an internal error. Please try again."),
    AUTHORIZATION_QUERY_PARAMETERS_ERROR(400, "AuthorizationQueryParametersError",
            "Error parsing the X-Amz-Credential parameter."),
    INVALID_ACCESS_KEY_ID(403, "InvalidAccessKeyId",
            "The AWS access key Id you provided does not exist in our records."),
    INVALID_ARGUMENT(400, "InvalidArgument", "Invalid Argument"),
    INVALID_BUCKET_NAME(400, "InvalidBucketName", "The specified bucket is not valid."),
    INVALID_DIGEST(400, "InvalidDigest", "The Content-MD5 you specified is not valid."),
    INVALID_LOCATION_CONSTRAINT(400, "InvalidLocationConstraint", "The specified location-constraint is not valid"),
    INVALID_PART(400, "InvalidPart", "One or more of the specified parts could not be found. The part might not have"
            + " been uploaded, or the specified entity tag might not have matched the part's entity tag."),
    INVALID_PART_NUMBER(416, "InvalidPartNumber", "The requested partnumber is not satisfiable"),
    INVALID_PART_ORDER(400, "InvalidPartOrder",
            "The list of parts was not in ascending order. The parts list must be specified in order by part number."),
    INVALID_RANGE(416, "InvalidRange", "The requested range is not satisfiable"),
    INVALID_REQUEST(400, "InvalidRequest", "Invalid Request"),
    INVALID_URI(400, "InvalidURI", "Couldn't parse the specified URI."),
    KEY_TOO_LONG(400, "KeyTooLongError", "Your key is too long"),
    MALFORMED_XML(400, "MalformedXML", "The XML you provided was not well-formed or did not validate against our published schema."),
    MAX_MESSAGE_LENGTH_EXCEEDED(400, "MaxMessageLengthExceeded", "Your request was too big."),
    REQUEST_HEADER_SECTION_TOO_LARGE(400, "RequestHeaderSectionTooLarge",
            "Your request header section exceeds the maximum allowed size."),
    METADATA_TOO_LARGE(400, "MetadataTooLarge", "Your metadata headers exceed the maximum allowed metadata size."),
    METHOD_NOT_ALLOWED(405, "MethodNotAllowed", "The specified method is not allowed against this resource."),
    MISSING_SECURITY_HEADER(400, "MissingSecurityHeader", "Your request is missing a required header."),
    MISSING_CONTENT_LENGTH(411, "MissingContentLength", "You must provide the Content-Length HTTP header."),
    NO_SUCH_BUCKET(404, "NoSuchBucket", "The specified bucket does not exist"),
    NO_SUCH_KEY(404, "NoSuchKey", "The specified key does not exist."),
    NO_SUCH_BUCKET_POLICY(404, "NoSuchBucketPolicy", "The bucket policy does not exist"),
    NO_SUCH_CORS_CONFIGURATION(404, "NoSuchCORSConfiguration", "The CORS configuration does not exist"),
    NO_SUCH_LIFECYCLE_CONFIGURATION(404, "NoSuchLifecycleConfiguration", "The lifecycle configuration does not exist"),
    NO_SUCH_PUBLIC_ACCESS_BLOCK_CONFIGURATION(404, "NoSuchPublicAccessBlockConfiguration",
            "The public access block configuration was not found"),
    NO_SUCH_TAG_SET(404, "NoSuchTagSet", "The TagSet does not exist"),
    NO_SUCH_UPLOAD(404, "NoSuchUpload", "The specified multipart upload does not exist. The upload ID might be"
            + " invalid, or the multipart upload might have been aborted or completed."),
    NO_SUCH_VERSION(404, "NoSuchVersion", "The specified version does not exist."),
    NOT_IMPLEMENTED(501, "NotImplemented", "A header you provided implies functionality that is not implemented."),
    OBJECT_LOCK_CONFIGURATION_NOT_FOUND(404, "ObjectLockConfigurationNotFoundError",
            "Object Lock configuration does not exist for this bucket"),
    PRECONDITION_FAILED(412, "PreconditionFailed", "At least one of the pre-conditions you specified did not hold"),
    REQUEST_TIMEOUT(400, "RequestTimeout",
            "Your socket connection to the server was not read from or written to within the timeout period."),
    REQUEST_TIME_TOO_SKEWED(403, "RequestTimeTooSkewed",
            "The difference between the request time and the server's time is too large."),
    /** The database (or another dependency) cannot serve now; not the client's fault. */
    SERVICE_UNAVAILABLE(503, "ServiceUnavailable", "Service is unable to handle request."),
    SSE_CONFIGURATION_NOT_FOUND(404, "ServerSideEncryptionConfigurationNotFoundError",
            "The server side encryption configuration was not found"),
    SIGNATURE_DOES_NOT_MATCH(403, "SignatureDoesNotMatch",
            "The request signature we calculated does not match the signature you provided. Check your key and signing method."),
    /** Throttling: this gateway is at its limit of concurrent streams; S3's code for "retry later". */
    SLOW_DOWN(503, "SlowDown", "Please reduce your request rate."),
    X_AMZ_CONTENT_SHA256_MISMATCH(400, "XAmzContentSHA256Mismatch",
            "The provided 'x-amz-content-sha256' header does not match what was computed.");

    private final int status;
    private final String code;
    private final String message;

    S3ErrorCode(int status, String code, String message) {
        this.status = status;
        this.code = code;
        this.message = message;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public String message() {
        return message;
    }
}
