package io.pgvs3.store.maintenance;

import io.pgvs3.store.origin.OriginBlocks;
import io.pgvs3.store.sql.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/** Removes the range blocks of origin-backed buckets that can never serve again, queuing their files (ADR 52). */
record OriginBlockReaping(MaintenanceCounters counters) implements MaintenanceJob {

    @Override
    public String name() {
        return "reap-origin-blocks";
    }

    @Override
    public boolean appliesTo(MaintainedNamespace ns) {
        return ns.originBacked();
    }

    @Override
    public void run(Connection c, MaintainedNamespace ns, BooleanSupplier stopping) throws SQLException {
        counters.originBlocksReaped.addAndGet(
                Transactions.inTransaction(c, tx -> OriginBlocks.reap(tx, ns.namespace())));
    }
}
