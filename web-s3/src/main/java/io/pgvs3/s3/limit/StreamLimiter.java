package io.pgvs3.s3.limit;

import io.pgvs3.s3.config.S3Config;
import io.pgvs3.s3.metrics.S3Metrics;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Permits for requests that stream an object body into the chunk pool (PutObject above 64 KiB or of
 * unknown length, UploadPart). Each holds a chunk-pool connection (its COPY transaction) and a thread for
 * as long as the client sends, so their number is bounded. Downloads need none: the read window holds
 * a connection only while a piece query runs ({@link ClientDownloads}). A request that finds no permit
 * queues, first come, first served, and is refused with SlowDown once no upload has finished for
 * {@code pgvs3.s3.stream-admission-wait}: parallel clients such as the Transfer Manager open more part
 * streams than there are permits, and their parts wait their turn however long a turn takes on a loaded
 * machine, while uploads stalled on every permit get newcomers refused after that wait (docs/adr/0062).
 * At most {@link #WAITING_PER_PERMIT} waiters per permit queue; one more is refused at once.
 */
@ApplicationScoped
public class StreamLimiter {

    /** Waiters allowed per permit (each holds a request thread): room for a Transfer Manager's 50 parts. */
    static final int WAITING_PER_PERMIT = 4;

    @Inject
    private S3Config config;

    @Inject
    private S3Metrics metrics;

    private int limit;
    private AdmissionQueue permits;

    @PostConstruct
    void init() {
        limit = config.maxConcurrentStreams();
        permits = new AdmissionQueue(limit, limit * WAITING_PER_PERMIT, config.streamAdmissionWait().toNanos());
        metrics.gauge("pgvs3.streams.active", "upload streams into the chunk pool in progress", permits::held);
        metrics.gauge("pgvs3.streams.waiting", "upload streams waiting for a permit", permits::waiting);
        metrics.gauge("pgvs3.streams.limit", "upload streams allowed at once (pgvs3.s3.max-concurrent-streams)",
                () -> limit);
    }

    /** Created with the application, so that its gauges are there before the first stream. */
    void onStart(@Observes @Initialized(ApplicationScoped.class) Object event) {
        // the observer's bean instance is created (and init() run) by the container
    }

    /** True when a permit was taken (see above); the caller must {@link #release} it exactly once. */
    public boolean tryAcquire() {
        return permits.tryAcquire();
    }

    public void release() {
        permits.release();
    }
}
