package io.pgvs3.resp.server;

import java.nio.ByteBuffer;

/**
 * An event loop's read buffers, shared by all its connections one read at a time: the client's plaintext,
 * and for TLS the records it is unwrapped from. Plaintext is never shorter than its records, so a read of at
 * most {@link Exchange#READ_BUFFER} bytes of records always unwraps into the plaintext buffer.
 */
final class ReadBuffers {

    private final ByteBuffer plain = ByteBuffer.allocate(Exchange.READ_BUFFER);
    private ByteBuffer records;

    ByteBuffer plain() {
        return plain;
    }

    /** Allocated by the first TLS read of this loop. */
    ByteBuffer records() {
        if (records == null) {
            records = ByteBuffer.allocate(Exchange.READ_BUFFER);
        }
        return records;
    }
}
