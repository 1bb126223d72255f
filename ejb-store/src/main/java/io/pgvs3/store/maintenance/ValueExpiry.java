package io.pgvs3.store.maintenance;

import io.pgvs3.store.write.ExpiredObjects;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/**
 * Removes TTL'd values of cache namespaces in bounded batches: statements of {@code pgvs3.ttl.batch}
 * values until one comes back short or {@code pgvs3.ttl.max-batches-per-tick} is spent. Never a sweep
 * of the whole table: each statement walks the {@code expires_at} index from its oldest entry.
 */
record ValueExpiry(MaintenanceConfig config, MaintenanceCounters counters) implements MaintenanceJob {

    @Override
    public String name() {
        return "expire-values";
    }

    @Override
    public boolean appliesTo(MaintainedNamespace ns) {
        return MaintainedNamespace.KIND_CACHE.equals(ns.kind());
    }

    @Override
    public void run(Connection c, MaintainedNamespace ns, BooleanSupplier stopping) throws SQLException {
        for (int i = 0; i < config.ttlBatchesPerTick() && !stopping.getAsBoolean(); i++) {
            int expired = ExpiredObjects.deleteBatch(c, ns.namespace(), config.ttlBatch());
            counters.valuesExpired.addAndGet(expired);
            if (expired < config.ttlBatch()) {
                return;
            }
        }
    }
}
