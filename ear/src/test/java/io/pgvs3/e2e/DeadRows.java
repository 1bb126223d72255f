package io.pgvs3.e2e;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * What makes a PostgreSQL standby cancel its queries, made on the primary: a row deleted by a transaction
 * newer than a standby snapshot, then removed by VACUUM. Replaying the removal conflicts with every standby
 * snapshot older than the deletion: a running statement is cancelled ("canceling statement due to conflict
 * with recovery", SQLState 40001), a session idle in its transaction is terminated. The table is the
 * test's own, in the public schema, where the gateways never look.
 */
final class DeadRows implements AutoCloseable {

    private static final String TABLE = "pgvs3_e2e_dead_rows";
    private static final Duration REMOVAL_PATIENCE = Duration.ofSeconds(60);
    /** Who holds back the primary's cleanup horizon, for a failure's message. */
    private static final String OLDEST_SNAPSHOTS = "SELECT string_agg(format('%s (%s, %s)', coalesce(nullif("
            + "application_name, ''), backend_type), state, backend_xmin), '; ' ORDER BY age(backend_xmin) DESC)"
            + " FROM pg_stat_activity WHERE backend_xmin IS NOT NULL AND pid <> pg_backend_pid()";

    private final Connection primary;

    private DeadRows(Connection primary) {
        this.primary = primary;
    }

    static DeadRows on(String jdbcUrl, String user, String password) throws SQLException {
        DeadRows rows = new DeadRows(DriverManager.getConnection(jdbcUrl, user, password));
        rows.execute("CREATE EXTENSION IF NOT EXISTS pgstattuple; CREATE TABLE IF NOT EXISTS " + TABLE + " (n int)");
        return rows;
    }

    /** A committed row for the next deletion. */
    void insert() throws SQLException {
        execute("INSERT INTO " + TABLE + " VALUES (1)");
    }

    /**
     * Deletes the rows in a transaction left open: from the moment its record is replayed, standby
     * snapshots count it as running, so their xmin is at most its xid.
     */
    void deleteInOpenTransaction() throws SQLException {
        primary.setAutoCommit(false);
        execute("DELETE FROM " + TABLE);
    }

    /**
     * Commits an open deletion (or deletes now) and VACUUMs the table until the deleted rows are gone: the
     * cleanup whose replay conflicts. One VACUUM may leave them: a transaction of the primary older than
     * the deletion (an autovacuum's ANALYZE of a table just written, say) still sees them.
     */
    void removeDeleted() throws SQLException, InterruptedException {
        if (primary.getAutoCommit()) {
            execute("DELETE FROM " + TABLE);
        } else {
            primary.commit();
            primary.setAutoCommit(true);
        }
        long deadline = System.nanoTime() + REMOVAL_PATIENCE.toNanos();
        while (true) {
            execute("VACUUM " + TABLE);
            String left = text("SELECT dead_tuple_count FROM pgstattuple('" + TABLE + "')");
            if (left.equals("0")) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(left + " deleted rows still there after VACUUMs for " + REMOVAL_PATIENCE
                        + "; the oldest snapshots of the primary: " + text(OLDEST_SNAPSHOTS));
            }
            Thread.sleep(100);
        }
    }

    @Override
    public void close() throws SQLException {
        primary.close();
    }

    private String text(String query) throws SQLException {
        try (Statement s = primary.createStatement(); ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Statement s = primary.createStatement()) {
            s.execute(sql);
        }
    }
}
