package io.pgvs3.s3.http;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Request ids as S3 sends them: x-amz-request-id (16 hex upper-case) and x-amz-id-2 (opaque base64). */
public final class RequestIds {

    /** The request attribute that carries the id from the first filter to the error mapper. */
    public static final String ATTRIBUTE = "io.pgvs3.requestId";
    /** The request attribute that tells the metrics which S3 error code the request was answered with. */
    public static final String ERROR_CODE_ATTRIBUTE = "io.pgvs3.errorCode";

    private static final SecureRandom RANDOM = new SecureRandom();

    private RequestIds() {
    }

    public static String newRequestId() {
        byte[] bytes = new byte[8];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().withUpperCase().formatHex(bytes);
    }

    /** A host id derived from the request id, so one log line identifies both. */
    public static String hostId(String requestId) {
        return Base64.getEncoder().encodeToString(("pgvs3/" + requestId).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }
}
