package io.pgvs3.resp.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Selector;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What a worker needs to linger on the client it just answered (docs/adr/0054): a selector of its own, on which
 * it waits up to {@link #nanos} for the client's next request, and read buffers of its own to read it with. One
 * of each per worker thread, opened on its first linger and closed together when the listener stops.
 */
final class Lingering {

    private static final Logger LOG = Logger.getLogger(Lingering.class.getName());

    private final long nanos;
    private final Queue<Selector> opened = new ConcurrentLinkedQueue<>();
    private final ThreadLocal<Selector> selectors = ThreadLocal.withInitial(this::open);
    private final ThreadLocal<ReadBuffers> buffers = ThreadLocal.withInitial(ReadBuffers::new);

    /** @param nanos how long a worker waits for its client's next request */
    Lingering(long nanos) {
        this.nanos = nanos;
    }

    long nanos() {
        return nanos;
    }

    /** The calling worker's selector. */
    Selector selector() {
        return selectors.get();
    }

    /** The calling worker's read buffers. */
    ReadBuffers buffers() {
        return buffers.get();
    }

    /** Waits on {@code selector} for at most what is left until {@code deadline} (System.nanoTime), at least 1 ms. */
    static void await(Selector selector, long deadline) throws IOException {
        long left = deadline - System.nanoTime();
        if (left > 0) {
            selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
        selector.selectedKeys().clear();
    }

    private Selector open() {
        try {
            Selector selector = Selector.open();
            opened.add(selector);
            return selector;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Once no worker runs any more. */
    void closeAll() {
        Selector selector;
        while ((selector = opened.poll()) != null) {
            try {
                selector.close();
            } catch (IOException e) {
                LOG.log(Level.FINE, "closing a RESP worker's selector", e);
            }
        }
    }
}
