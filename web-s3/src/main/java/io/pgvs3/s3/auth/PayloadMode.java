package io.pgvs3.s3.auth;


/** The forms of {@code x-amz-content-sha256}: how the body is (or is not) protected. */
public enum PayloadMode {
    /** {@code UNSIGNED-PAYLOAD}: the body is not covered by the signature. */
    UNSIGNED("UNSIGNED-PAYLOAD"),
    /** A hex SHA-256 of the whole body; the store must compare it with what it received. */
    SIGNED(null),
    STREAMING_SIGNED("STREAMING-AWS4-HMAC-SHA256-PAYLOAD"),
    STREAMING_SIGNED_TRAILER("STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER"),
    STREAMING_UNSIGNED_TRAILER("STREAMING-UNSIGNED-PAYLOAD-TRAILER");


    private final String wireValue;

    PayloadMode(String wireValue) {
        this.wireValue = wireValue;
    }

    /** The literal header value, or null for {@link #SIGNED} whose value is the hash itself. */
    public String wireValue() {
        return wireValue;
    }

    /** The body arrives in {@code aws-chunked} framing. */
    public boolean streaming() {
        return this == STREAMING_SIGNED || this == STREAMING_SIGNED_TRAILER || this == STREAMING_UNSIGNED_TRAILER;
    }

    /** Each chunk carries a chained signature that must be verified. */
    public boolean signedChunks() {
        return this == STREAMING_SIGNED || this == STREAMING_SIGNED_TRAILER;
    }

    /** Trailing headers (checksums) follow the final chunk. */
    public boolean hasTrailer() {
        return this == STREAMING_SIGNED_TRAILER || this == STREAMING_UNSIGNED_TRAILER;
    }

    /**
     * Classifies a header value. SigV4a streaming values are named separately from garbage so the
     * client learns the algorithm, not the syntax, is what we refuse.
     */
    public static PayloadMode fromHeader(String value) {
        if (value == null) {
            throw new AuthException(AuthFailure.MISSING_CONTENT_SHA256);
        }
        for (PayloadMode mode : values()) {
            if (value.equals(mode.wireValue)) {
                return mode;
            }
        }
        if (isHex64(value)) {
            return SIGNED;
        }
        if (value.startsWith("STREAMING-AWS4-ECDSA-P256-SHA256-PAYLOAD")) {
            throw new AuthException(AuthFailure.UNSUPPORTED_AUTH);
        }
        throw new AuthException(AuthFailure.INVALID_ARGUMENT,
                "x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-UNSIGNED-PAYLOAD-TRAILER,"
                        + " STREAMING-AWS4-HMAC-SHA256-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER"
                        + " or a valid sha256 value.");
    }

    /** 64 ASCII hex digits, checked without a regex (this runs on every request). */
    private static boolean isHex64(String value) {
        if (value.length() != 64) {
            return false;
        }
        for (int i = 0; i < 64; i++) {
            char c = value.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
                return false;
            }
        }
        return true;
    }
}
