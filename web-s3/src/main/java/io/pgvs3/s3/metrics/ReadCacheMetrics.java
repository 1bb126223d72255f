package io.pgvs3.s3.metrics;

import io.pgvs3.store.api.ReadCacheSnapshot;
import io.pgvs3.store.api.ReadCacheStats;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

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
        metrics.sampled("pgvs3.read.cache.hit.bytes.total", "body bytes reads took from the gateway read cache",
                cache::snapshot, ReadCacheSnapshot::hitBytes);
        metrics.sampled("pgvs3.read.cache.miss.bytes.total", "body bytes reads queried from PostgreSQL while the read cache"
                + " was on", cache::snapshot, ReadCacheSnapshot::missBytes);
        metrics.sampled("pgvs3.read.cache.bytes", "decoded block bytes in the read cache now", cache::snapshot,
                ReadCacheSnapshot::bytes);
        metrics.sampled("pgvs3.read.cache.budget.bytes", "the read cache's budget (pgvs3.read.cache.bytes; 0 = off)",
                cache::snapshot, ReadCacheSnapshot::budgetBytes);
        metrics.sampled("pgvs3.read.cache.evictions.total", "blocks evicted from the read cache", cache::snapshot,
                ReadCacheSnapshot::evictions);
    }

}
