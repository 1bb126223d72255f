package io.pgvs3.admin.stat;

import io.pgvs3.store.api.MaintenanceSnapshot;
import io.pgvs3.store.api.NamespaceStats;
import io.pgvs3.store.api.StoreReport;
import java.time.Instant;
import java.util.List;

/**
 * What {@code /admin/stat} shows: the store's report, its totals, the origin-backed buckets' origins and
 * outboxes, and the maintenance counters of the gateway that answered.
 */
record StatView(Instant takenAt, long databaseBytes, Totals totals, List<NamespaceStats> namespaces,
                List<OriginLine> origins, MaintenanceSnapshot maintenance) {

    /** Sums over all namespaces. */
    record Totals(long namespaces, long objects, long logicalBytes, long physicalBytes, long garbageFiles,
                  long garbageBytes, long incompleteUploads) {
    }

    static StatView of(StoreReport report, List<OriginLine> origins, MaintenanceSnapshot maintenance) {
        List<NamespaceStats> all = report.namespaces();
        Totals totals = new Totals(all.size(),
                all.stream().mapToLong(NamespaceStats::objects).sum(),
                all.stream().mapToLong(NamespaceStats::logicalBytes).sum(),
                all.stream().mapToLong(NamespaceStats::physicalBytes).sum(),
                all.stream().mapToLong(NamespaceStats::garbageFiles).sum(),
                all.stream().mapToLong(NamespaceStats::garbageBytes).sum(),
                all.stream().mapToLong(NamespaceStats::incompleteUploads).sum());
        return new StatView(report.takenAt(), report.databaseBytes(), totals, all, List.copyOf(origins), maintenance);
    }

    String json() {
        return RecordJson.of(this) + "\n";
    }
}
