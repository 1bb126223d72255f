package io.pgvs3.store.ejb;

import io.pgvs3.store.api.StoreReport;
import io.pgvs3.store.api.StoreStats;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.stats.StatsReader;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.sql.SQLException;

/** {@link StoreStats} over {@link StatsReader} on the metadata pool. */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class StoreStatsBean implements StoreStats {

    @EJB
    private DatabaseBean database;

    @EJB
    private LayoutBean layout;

    @Override
    public StoreReport report() {
        layout.gate().require();
        try {
            return new StatsReader(database.main()).report();
        } catch (SQLException e) {
            throw new StoreException(StoreError.UNAVAILABLE, "database refused the statistics query: "
                    + e.getMessage() + " (SQLState " + e.getSQLState() + ")", e);
        }
    }
}
