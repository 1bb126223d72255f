package io.pgvs3.s3.http;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Request ids as S3 sends them: x-amz-request-id (16 hex upper-case) and x-amz-id-2 (opaque base64).
 * An id is this gateway's random 32-bit prefix and a 32-bit counter: unique per gateway run, distinct
 * across gateways with high probability, and free of the per-request cost of a secure random draw.
 */
public final class RequestIds {

    private static final long PREFIX = (long) new SecureRandom().nextInt() << 32;
    private static final AtomicInteger COUNTER = new AtomicInteger();

    private RequestIds() {
    }

    public static String newRequestId() {
        return HexFormat.of().withUpperCase().toHexDigits(PREFIX | (COUNTER.incrementAndGet() & 0xffffffffL));
    }

    /** A host id derived from the request id, so one log line identifies both. */
    public static String hostId(String requestId) {
        return Base64.getEncoder().encodeToString(("pgvs3/" + requestId).getBytes(StandardCharsets.US_ASCII));
    }
}
