package io.pgvs3.s3.error;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** An S3 error answer, with the bucket and key it concerns when known. */
public class S3Exception extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final S3ErrorCode code;
    private final String bucket;
    private final String key;
    private final Map<String, String> details = new LinkedHashMap<>();

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

    /** Adds an element S3 puts in this error's XML, e.g. {@code <Condition>If-Match</Condition>}. */
    public S3Exception withDetail(String element, String value) {
        details.put(element, value);
        return this;
    }

    /** Extra elements of the error XML, in order. */
    public Map<String, String> details() {
        return Collections.unmodifiableMap(details);
    }
}
