package io.pgvs3.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A request body that says when the client has read its first {@code mark} bytes ({@link #awaitMark}),
 * so a test can act while the body is streaming, at a point it chose; optionally the client then stalls
 * for {@code pause} (a slow client) before handing out the rest.
 */
final class MarkedBody extends BulkInputStream {

    private final InputStream body;
    private final CountDownLatch reached = new CountDownLatch(1);
    private final Duration pause;
    private long beforeMark;

    MarkedBody(InputStream body, long mark, Duration pause) {
        this.body = body;
        this.beforeMark = mark;
        this.pause = pause;
    }

    boolean awaitMark(Duration patience) throws InterruptedException {
        return reached.await(patience.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (beforeMark == 0 && reached.getCount() > 0) {
            reached.countDown();
            stall();
        }
        int n = body.read(buffer, offset, beforeMark > 0 ? (int) Math.min(length, beforeMark) : length);
        beforeMark -= beforeMark > 0 ? Math.max(n, 0) : 0;
        return n;
    }

    /** The slow client's silence is what the test is about, not a stand-in for a condition. */
    private void stall() throws IOException {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while pausing the body", e);
        }
    }
}
