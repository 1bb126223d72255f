package io.pgvs3.store.maintenance;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/**
 * One kind of maintenance work, done namespace by namespace on the leader's connection. A job runs its
 * own transactions and leaves the connection in autocommit; it checks {@code stopping} between them.
 */
interface MaintenanceJob {

    String name();

    /** Every namespace, unless the job says otherwise. */
    default boolean appliesTo(MaintainedNamespace ns) {
        return true;
    }

    void run(Connection c, MaintainedNamespace ns, BooleanSupplier stopping) throws SQLException;
}
