package io.pgvs3.e2e;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What makes a PostgreSQL standby cancel its queries, made on the primary: a row deleted by a transaction
 * newer than a standby snapshot, then removed by VACUUM. Replaying the removal conflicts with every standby
 * snapshot older than the deletion: a running statement is cancelled ("canceling statement due to conflict
 * with recovery", SQLState 40001), a session idle in its transaction is terminated. The table is the
 * test's own, in the public schema, where the gateways never look.
 */
final class DeadRows implements AutoCloseable {

    private static final String TABLE = "pgvs3_e2e_dead_rows";

    private final Connection primary;

    private DeadRows(Connection primary) {
        this.primary = primary;
    }

    static DeadRows on(String jdbcUrl, String user, String password) throws SQLException {
        DeadRows rows = new DeadRows(DriverManager.getConnection(jdbcUrl, user, password));
        rows.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (n int)");
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

    /** Commits an open deletion (or deletes now) and VACUUMs the table: the cleanup whose replay conflicts. */
    void removeDeleted() throws SQLException {
        if (primary.getAutoCommit()) {
            execute("DELETE FROM " + TABLE);
        } else {
            primary.commit();
            primary.setAutoCommit(true);
        }
        execute("VACUUM " + TABLE);
    }

    @Override
    public void close() throws SQLException {
        primary.close();
    }

    private void execute(String sql) throws SQLException {
        try (Statement s = primary.createStatement()) {
            s.execute(sql);
        }
    }
}
