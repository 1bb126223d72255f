package io.pgvs3.resp.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Non-blocking writes of heap buffers in slices. A socket channel copies a heap buffer into a temporary
 * direct buffer as large as what it is given, and keeps it per thread: one write of a 10 MB pipeline reply
 * from each of 32 workers would pin 320 MB of direct memory (found by RespLimitsIT). Slices keep every such
 * buffer at {@value #SLICE} bytes.
 */
final class SlicedWrites {

    static final int SLICE = 256 * 1024;

    private SlicedWrites() {
    }

    /** Writes from {@code src} until it is empty or the socket takes no more now. */
    static void write(SocketChannel channel, ByteBuffer src) throws IOException {
        while (src.hasRemaining()) {
            int limit = src.limit();
            src.limit(src.position() + Math.min(SLICE, src.remaining()));
            int offered = src.remaining();
            int written;
            try {
                written = channel.write(src);
            } finally {
                src.limit(limit);
            }
            if (written < offered) {
                return;
            }
        }
    }
}
