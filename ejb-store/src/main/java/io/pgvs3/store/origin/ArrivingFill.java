package io.pgvs3.store.origin;

import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ByteRange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.core.ResponseInputStream;

/**
 * A fill whose client is served from the download itself (ADR 51): the origin's body goes into a spool on
 * one thread, the publication follows the spool on another, and each reader of the body follows it too,
 * from where its range begins. The spool stays while the publication or a reader uses it; once nobody
 * does, a download still running is stopped and the spool's room returned. A reader that comes after that
 * finds it gone ({@link #copyTo} answers false) and reads the published object instead.
 */
final class ArrivingFill implements BodyLocation.Arriving {

    private static final Logger LOG = Logger.getLogger(ArrivingFill.class.getName());
    private static final int BUFFER = 64 << 10;

    private final Spool spool;
    private final ResponseInputStream<?> got;
    private final CompletableFuture<Void> download;
    /** Completed once the publication has ended, published or not. */
    private final CompletableFuture<Void> stored = new CompletableFuture<>();
    /** The publication and the readers following the spool; guarded by this. */
    private int holders = 1;

    private ArrivingFill(Spool spool, ResponseInputStream<?> got, CompletableFuture<Void> download) {
        this.spool = spool;
        this.got = got;
        this.download = download;
    }

    /**
     * Starts the download of {@code body} (the origin's answer {@code got}, perhaps through a lease keeper)
     * and its publication on {@code executor}; {@code done} runs once both have ended. When this throws,
     * the caller still owns {@code got} and {@code done}.
     *
     * @throws io.pgvs3.store.api.error.StoreException BUSY when the spool budget has no room (nothing started)
     */
    static ArrivingFill start(FillPublication fill, ResponseInputStream<?> got, InputStream body, SpoolBudget spools,
            Executor executor, Runnable done) throws IOException {
        Spool spool = Spool.open(spools, fill.length());
        ArrivingFill arriving;
        try {
            arriving = new ArrivingFill(spool, got, CompletableFuture.runAsync(() -> spool.fillFrom(body::transferTo),
                    executor));
        } catch (RuntimeException e) {
            spool.close();
            throw e;
        }
        CompletableFuture<Void> publication;
        try {
            publication = CompletableFuture.runAsync(() -> arriving.publish(fill), executor);
        } catch (RuntimeException e) {
            arriving.stored.complete(null);
            arriving.release();
            throw e;
        }
        CompletableFuture.allOf(arriving.download, publication).whenComplete((ignored, failure) -> {
            closeQuietly(got);
            done.run();
        });
        return arriving;
    }

    private void publish(FillPublication fill) {
        try (InputStream in = spool.follow()) {
            fill.publishFrom(in);
        } catch (IOException | RuntimeException e) {
            fill.giveUp();
            LOG.log(Level.WARNING, "the fill of {0} was not published: {1}", new Object[] {fill.key(), e.getMessage()});
        } finally {
            stored.complete(null);
            release();
        }
    }

    /** Returns once the publication has ended: the bucket then holds the fill, or what won over it. */
    void awaitStored() {
        stored.join();
    }

    @Override
    public boolean copyTo(ByteRange range, OutputStream out) throws IOException {
        if (!retain()) {
            return false;
        }
        try (InputStream in = spool.follow(range.first())) {
            byte[] buffer = new byte[(int) Math.min(BUFFER, range.length())];
            for (long left = range.length(); left > 0; ) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    throw new IOException("the origin's body ended before byte " + range.last());
                }
                out.write(buffer, 0, n);
                left -= n;
            }
        } finally {
            release();
        }
        return true;
    }

    private synchronized boolean retain() {
        if (holders == 0) {
            return false;
        }
        holders++;
        return true;
    }

    private void release() {
        synchronized (this) {
            if (--holders > 0) {
                return;
            }
        }
        if (!download.isDone()) {
            spool.cancel(); // nobody wants the rest: stop the download and free its thread
            got.abort();
        }
        download.whenComplete((ignored, failure) -> closeQuietly(spool));
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing after a fill", e);
        }
    }
}
