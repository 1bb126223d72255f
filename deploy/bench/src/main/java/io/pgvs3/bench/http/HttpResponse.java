package io.pgvs3.bench.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What the load generator keeps of a response: its status and body size. One mutable instance per
 * worker, reused for every request so the hot loop allocates nothing for it.
 */
public final class HttpResponse {
    int status;
    long bodyBytes;
    ByteArrayOutputStream capture;

    public int status() {
        return status;
    }

    public long bodyBytes() {
        return bodyBytes;
    }

    /** Keeps the next body (for checks outside the timed loop); without this, bodies are discarded. */
    public HttpResponse captureBody() {
        capture = new ByteArrayOutputStream();
        return this;
    }

    /** The captured body of the last exchange, or an empty string when it was not captured. */
    public String body() {
        return capture == null ? "" : capture.toString(StandardCharsets.UTF_8);
    }

    /** The captured body of the last exchange as bytes, or none when it was not captured. */
    public byte[] capturedBytes() {
        return capture == null ? new byte[0] : capture.toByteArray();
    }

    public boolean ok() {
        return status >= 200 && status < 300;
    }

    void reset() {
        status = 0;
        bodyBytes = 0;
        if (capture != null) {
            capture.reset();
        }
    }
}
