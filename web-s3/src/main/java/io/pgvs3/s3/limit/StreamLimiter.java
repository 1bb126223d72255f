package io.pgvs3.s3.limit;

import io.pgvs3.s3.config.S3Config;
import io.pgvs3.s3.metrics.S3Metrics;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Permits for requests that stream an object body into the chunk pool (PutObject above 64 KiB or of
 * unknown length, UploadPart). Each holds a chunk-pool connection (its COPY transaction) and a thread for
 * as long as the client sends, so their number is bounded. Downloads need none: the read window holds
 * a connection only while a piece query runs ({@link ClientDownloads}). A request that finds no permit waits for one at most {@code pgvs3.s3.stream-admission-wait}
 * (parallel clients such as the Transfer Manager open more part streams than there are permits, and a
 * part finishes within that time), then is refused with SlowDown; the wait is bounded in time, never an
 * unbounded queue.
 */
@ApplicationScoped
public class StreamLimiter {

    @Inject
    private S3Config config;

    @Inject
    private S3Metrics metrics;

    private int limit;
    private Semaphore permits;

    @PostConstruct
    void init() {
        limit = config.maxConcurrentStreams();
        // fair: timed waits are served in arrival order, so under load a long waiter is not overtaken by
        // newcomers until its admission wait runs out (parallel part uploads then finish instead of failing)
        permits = new Semaphore(limit, true);
        metrics.gauge("pgvs3.streams.active", "upload streams into the chunk pool in progress", this::active);
        metrics.gauge("pgvs3.streams.limit", "upload streams allowed at once (pgvs3.s3.max-concurrent-streams)",
                () -> limit);
    }

    /** Created with the application, so that its gauges are there before the first stream. */
    void onStart(@Observes @Initialized(ApplicationScoped.class) Object event) {
        // the observer's bean instance is created (and init() run) by the container
    }

    /** True when a permit was taken in time; the caller must {@link #release} it exactly once. */
    public boolean tryAcquire() {
        try {
            return permits.tryAcquire(config.streamAdmissionWait().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public void release() {
        permits.release();
    }

    public int active() {
        return limit - permits.availablePermits();
    }
}
