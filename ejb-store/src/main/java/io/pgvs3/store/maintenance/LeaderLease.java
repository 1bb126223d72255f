package io.pgvs3.store.maintenance;

import io.pgvs3.store.sql.Locks;
import io.pgvs3.store.sql.SqlErrors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The maintenance-leader lock: a session advisory lock (database-scoped, like every advisory lock) on
 * a connection this tick keeps to itself and runs its jobs on. Released, and the connection returned,
 * when the tick ends; a gateway that dies releases it with its session. A database in recovery (a
 * standby) never grants it: advisory locks work there, but they are the standby's own, and every job
 * writes (docs/adr/0035).
 */
final class LeaderLease implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(LeaderLease.class.getName());

    /** CASE, unlike AND, fixes the order: the lock is not even tried on a standby. */
    private static final String TRY_LOCK =
            "SELECT CASE WHEN pg_is_in_recovery() THEN false ELSE pg_try_advisory_lock(?, 0) END";
    private static final String UNLOCK = "SELECT pg_advisory_unlock(?, 0)";

    private final Connection connection;

    private LeaderLease(Connection connection) {
        this.connection = connection;
    }

    /** @return the lease, or null when another session holds the lock or the database is a standby */
    static LeaderLease tryAcquire(DataSource dataSource) throws SQLException {
        Connection c = dataSource.getConnection();
        try {
            c.setAutoCommit(true);
            if (call(c, TRY_LOCK)) {
                return new LeaderLease(c);
            }
            c.close();
            return null;
        } catch (SQLException | RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    Connection connection() {
        return connection;
    }

    /** Never throws: a lock that cannot be released here ends with its broken session. */
    @Override
    public void close() {
        try {
            if (!connection.getAutoCommit()) {
                SqlErrors.rollbackQuietly(connection);
                connection.setAutoCommit(true);
            }
            call(connection, UNLOCK);
        } catch (SQLException e) {
            LOG.log(Level.FINE, "could not release the maintenance-leader lock", e);
        } finally {
            closeQuietly(connection);
        }
    }

    private static boolean call(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setInt(1, Locks.CLASS_MAINTENANCE_LEADER);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            LOG.log(Level.FINE, "closing the maintenance connection failed", e);
        }
    }
}
