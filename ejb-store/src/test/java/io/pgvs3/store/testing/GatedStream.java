package io.pgvs3.store.testing;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CyclicBarrier;

/** Serves a body but waits at a barrier before reporting its end, so parallel writers all finish COPY first. */
public final class GatedStream extends InputStream {

    private final InputStream body;
    private final CyclicBarrier barrier;
    private boolean passed;

    public GatedStream(byte[] body, CyclicBarrier barrier) {
        this.body = new ByteArrayInputStream(body);
        this.barrier = barrier;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = body.read(b, off, len);
        if (n < 0 && !passed) {
            passed = true;
            try {
                barrier.await();
            } catch (Exception e) {
                throw new IOException("barrier broken", e);
            }
        }
        return n;
    }
}
