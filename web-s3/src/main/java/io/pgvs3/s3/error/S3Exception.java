package io.pgvs3.s3.error;

/** An S3 error answer, with the bucket and key it concerns when known. */
public class S3Exception extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final S3ErrorCode code;
    private final String bucket;
    private final String key;

    public S3Exception(S3ErrorCode code) {
        this(code, code.message(), null, null, null);
    }

    public S3Exception(S3ErrorCode code, String message) {
        this(code, message, null, null, null);
    }

    public S3Exception(S3ErrorCode code, String message, String bucket, String key, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.bucket = bucket;
        this.key = key;
    }

    public S3ErrorCode code() {
        return code;
    }

    public String bucket() {
        return bucket;
    }

    public String key() {
        return key;
    }
}
