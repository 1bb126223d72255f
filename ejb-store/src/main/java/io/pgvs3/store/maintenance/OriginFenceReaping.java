package io.pgvs3.store.maintenance;

import io.pgvs3.store.origin.OriginFences;
import io.pgvs3.store.sql.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/** Removes the fill leases and tombstones of origin-backed buckets that no fill needs any more. */
record OriginFenceReaping(MaintenanceCounters counters) implements MaintenanceJob {

    @Override
    public String name() {
        return "reap-origin-fences";
    }

    @Override
    public boolean appliesTo(MaintainedNamespace ns) {
        return ns.originBacked();
    }

    @Override
    public void run(Connection c, MaintainedNamespace ns, BooleanSupplier stopping) throws SQLException {
        counters.originFencesReaped.addAndGet(Transactions.inTransaction(c,
                tx -> OriginFences.reap(tx, ns.namespace(), OriginFences.TOMBSTONE_GRACE)));
    }
}
