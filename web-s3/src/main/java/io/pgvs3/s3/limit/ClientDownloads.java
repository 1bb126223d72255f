package io.pgvs3.s3.limit;

import io.pgvs3.s3.config.S3Config;
import io.pgvs3.s3.metrics.S3Metrics;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Streamed GET bodies in progress, per client address. A download holds a response thread for as long
 * as its client reads, but no database connection (the read window fetches pieces between writes), so
 * downloads need no gateway-wide permit; what must not happen is one client's slow downloads taking
 * every response thread. Each address gets at most {@code pgvs3.s3.max-downloads-per-client}; one more
 * is refused at once with SlowDown, and other clients never notice.
 */
@ApplicationScoped
public class ClientDownloads {

    @Inject
    private S3Config config;

    @Inject
    private S3Metrics metrics;

    private final ConcurrentHashMap<String, Integer> perClient = new ConcurrentHashMap<>();
    private final AtomicInteger total = new AtomicInteger();

    @PostConstruct
    void init() {
        metrics.gauge("pgvs3.downloads.active", "streamed GET bodies in progress", total::get);
    }

    /** Created with the application, so that its gauge is there before the first download. */
    void onStart(@Observes @Initialized(ApplicationScoped.class) Object event) {
        // the observer's bean instance is created (and init() run) by the container
    }

    /** True when {@code client} may start one more download; the caller must {@link #release} it once. */
    public boolean tryAcquire(String client) {
        int max = config.maxDownloadsPerClient();
        boolean[] admitted = new boolean[1];
        perClient.compute(client, (address, running) -> {
            int now = running == null ? 0 : running;
            admitted[0] = now < max;
            return admitted[0] ? now + 1 : now;
        });
        if (admitted[0]) {
            total.incrementAndGet();
        }
        return admitted[0];
    }

    public void release(String client) {
        perClient.computeIfPresent(client, (address, running) -> running == 1 ? null : running - 1);
        total.decrementAndGet();
    }
}
