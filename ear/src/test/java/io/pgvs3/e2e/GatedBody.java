package io.pgvs3.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A request body that hands out its first {@code gate} bytes, then waits until {@code release} opens and
 * fails: the upload is cut off mid-body at a point the test chose, not one the machine's speed chose.
 * {@link #reachedGate} says when the client has sent everything before the gate.
 */
final class GatedBody extends BulkInputStream {

    private final InputStream body;
    private final CountDownLatch release;
    private final CountDownLatch reached = new CountDownLatch(1);
    private long beforeGate;

    GatedBody(InputStream body, long gate, CountDownLatch release) {
        this.body = body;
        this.beforeGate = gate;
        this.release = release;
    }

    boolean reachedGate(long timeout, TimeUnit unit) throws InterruptedException {
        return reached.await(timeout, unit);
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (beforeGate == 0) {
            reached.countDown();
            try {
                release.await(10, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IOException("the body was cut off at its gate");
        }
        int n = body.read(buffer, offset, (int) Math.min(length, beforeGate));
        beforeGate -= Math.max(n, 0);
        return n;
    }
}
