package io.pgvs3.store.metrics;

import io.pgvs3.store.read.cache.ReadCacheSnapshot;
import java.util.function.Supplier;

/**
 * Publishes this gateway's read-cache counters as gauges read at scrape time, as {@link MaintenanceMetrics}
 * does: the cache counts them. Cumulative ones end in {@code .total} so that {@code rate()} applies.
 */
public final class ReadCacheMetrics {

    private final Gauges metrics;
    private final Supplier<ReadCacheSnapshot> cache;

    public ReadCacheMetrics(Gauges metrics, Supplier<ReadCacheSnapshot> cache) {
        this.metrics = metrics;
        this.cache = cache;
    }

    public void register() {
        metrics.sampled("pgvs3.read.cache.hit.bytes.total", "body bytes reads took from the gateway read cache",
                cache, ReadCacheSnapshot::hitBytes);
        metrics.sampled("pgvs3.read.cache.miss.bytes.total", "body bytes reads queried from PostgreSQL while the read cache"
                + " was on", cache, ReadCacheSnapshot::missBytes);
        metrics.sampled("pgvs3.read.cache.bytes", "decoded block bytes in the read cache now", cache,
                ReadCacheSnapshot::bytes);
        metrics.sampled("pgvs3.read.cache.budget.bytes", "the read cache's budget (pgvs3.read.cache.bytes; 0 = off)",
                cache, ReadCacheSnapshot::budgetBytes);
        metrics.sampled("pgvs3.read.cache.evictions.total", "blocks evicted from the read cache", cache,
                ReadCacheSnapshot::evictions);
    }
}
