package io.pgvs3.s3.metrics;

import io.pgvs3.store.api.ReadCacheSnapshot;
import io.pgvs3.store.api.ReadCacheStats;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.function.ToLongFunction;

/**
 * Publishes this gateway's read-cache counters (store.api {@link ReadCacheStats}) as gauges read at
 * scrape time, as {@link MaintenanceMetrics} does: the counters live in the store. Cumulative ones end in
 * {@code .total} so that {@code rate()} applies.
 */
@ApplicationScoped
public class ReadCacheMetrics {

    @EJB
    private ReadCacheStats cache;

    @Inject
    private S3Metrics metrics;

    void register(@Observes @Initialized(ApplicationScoped.class) Object started) {
        gauge("pgvs3.read.cache.hit.bytes.total", "body bytes reads took from the gateway read cache",
                ReadCacheSnapshot::hitBytes);
        gauge("pgvs3.read.cache.miss.bytes.total", "body bytes reads queried from PostgreSQL while the read cache"
                + " was on", ReadCacheSnapshot::missBytes);
        gauge("pgvs3.read.cache.bytes", "decoded block bytes in the read cache now", ReadCacheSnapshot::bytes);
        gauge("pgvs3.read.cache.budget.bytes", "the read cache's budget (pgvs3.read.cache.bytes; 0 = off)",
                ReadCacheSnapshot::budgetBytes);
        gauge("pgvs3.read.cache.evictions.total", "blocks evicted from the read cache", ReadCacheSnapshot::evictions);
    }

    private void gauge(String name, String description, ToLongFunction<ReadCacheSnapshot> value) {
        metrics.gauge(name, description, () -> value.applyAsLong(cache.snapshot()));
    }
}
