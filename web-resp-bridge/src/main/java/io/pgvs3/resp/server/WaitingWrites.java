package io.pgvs3.resp.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

/**
 * On a worker: all of a buffer out to a non-blocking client, waiting while the client's socket is full on a
 * selector of its own (the channel stays registered with its loop's selector too). Used for the part of a
 * long pipeline's replies that is spilled before the batch ends, so it happens per megabyte at most: the
 * selector is opened only when the socket is full, and closed after.
 */
final class WaitingWrites {

    private WaitingWrites() {
    }

    /**
     * @param timeoutMillis how long the client may read nothing
     * @throws IOException when the client is gone; {@link WriteTimeout} when it read nothing for {@code timeoutMillis}
     */
    static void writeAll(SocketChannel channel, Wire wire, ByteBuffer src, long timeoutMillis) throws IOException {
        if (wire.write(src)) {
            return;
        }
        try (Selector selector = Selector.open()) {
            channel.register(selector, SelectionKey.OP_WRITE);
            long timeout = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            long deadline = System.nanoTime() + timeout;
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new WriteTimeout(timeoutMillis);
                }
                selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                selector.selectedKeys().clear();
                int before = src.remaining();
                if (wire.write(src)) {
                    return;
                }
                if (src.remaining() < before) {
                    deadline = System.nanoTime() + timeout; // the client reads, however slowly
                }
            }
        }
    }
}
