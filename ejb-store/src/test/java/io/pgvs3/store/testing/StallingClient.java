package io.pgvs3.store.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A client that takes the first write, then stops reading until {@link #resume}: every write waits
 * for it (at most a minute). What it was sent is kept.
 */
public final class StallingClient extends OutputStream {

    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private final CountDownLatch stalled = new CountDownLatch(1);
    private final CountDownLatch resume = new CountDownLatch(1);

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        received.write(b, off, len);
        stalled.countDown();
        try {
            resume.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** True once the first write arrived (within 30 s). */
    public boolean awaitStalled() throws InterruptedException {
        return stalled.await(30, TimeUnit.SECONDS);
    }

    public void resume() {
        resume.countDown();
    }

    public synchronized byte[] received() {
        return received.toByteArray();
    }
}
