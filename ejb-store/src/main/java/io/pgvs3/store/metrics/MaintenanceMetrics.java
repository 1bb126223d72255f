package io.pgvs3.store.metrics;

import io.pgvs3.store.api.MaintenanceSnapshot;
import java.time.Instant;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Publishes this gateway's maintenance counters ({@code MaintenanceStats}) as gauges read at scrape time:
 * the maintenance bean counts them, so they are sampled rather than incremented here. Cumulative ones end
 * in {@code .total} so that Prometheus users can apply {@code rate()} as to counters.
 */
public final class MaintenanceMetrics {

    private final Gauges metrics;
    private final Supplier<MaintenanceSnapshot> maintenance;

    public MaintenanceMetrics(Gauges metrics, Supplier<MaintenanceSnapshot> maintenance) {
        this.metrics = metrics;
        this.maintenance = maintenance;
    }

    public void register() {
        flag("pgvs3.maintenance.leader", "1 if this gateway held the maintenance-leader lock on its latest tick",
                MaintenanceSnapshot::leader);
        flag("pgvs3.maintenance.database.outage", "1 if the latest maintenance tick could not reach the database",
                MaintenanceSnapshot::databaseOutage);
        metrics.gauge("pgvs3.maintenance.last.tick.timestamp.seconds", "start of the latest maintenance tick",
                () -> epochSeconds(maintenance.get().lastTick()));
        total("pgvs3.maintenance.ticks.total", "maintenance ticks started", MaintenanceSnapshot::ticks);
        total("pgvs3.maintenance.leader.ticks.total", "ticks that held the leader lock and ran the jobs",
                MaintenanceSnapshot::ticksAsLeader);
        total("pgvs3.maintenance.errors.total", "failed maintenance ticks and jobs", MaintenanceSnapshot::errors);
        total("pgvs3.reap.passes.total", "reaper passes", MaintenanceSnapshot::reapPasses);
        total("pgvs3.reap.rows.total", "chunk rows reaped", MaintenanceSnapshot::rowsReaped);
        total("pgvs3.reap.files.total", "garbage files reaped", MaintenanceSnapshot::filesReaped);
        total("pgvs3.reap.pinned.skips.total", "garbage files skipped because a reader pinned them",
                MaintenanceSnapshot::pinnedSkips);
        total("pgvs3.reap.referenced.files.total", "queued files found still referenced (a bug; never deleted)",
                MaintenanceSnapshot::referencedFiles);
        total("pgvs3.uploads.expired.total", "abandoned multipart uploads removed", MaintenanceSnapshot::uploadsExpired);
        total("pgvs3.ttl.values.expired.total", "TTL'd cache values removed", MaintenanceSnapshot::valuesExpired);
        total("pgvs3.origin.fences.reaped.total", "run-out fill leases and old tombstones of origin-backed buckets removed",
                MaintenanceSnapshot::originFencesReaped);
        total("pgvs3.origin.blocks.reaped.total",
                "range blocks of origin-backed buckets removed as unable to serve again",
                MaintenanceSnapshot::originBlocksReaped);
    }

    private void total(String name, String description, Function<MaintenanceSnapshot, Number> value) {
        metrics.sampled(name, description, maintenance, value);
    }

    private void flag(String name, String description, Predicate<MaintenanceSnapshot> value) {
        metrics.sampled(name, description, maintenance, s -> value.test(s) ? 1 : 0);
    }

    private static long epochSeconds(Instant instant) {
        return instant == null ? 0 : instant.getEpochSecond();
    }
}
