package io.pgvs3.store.maintenance;

import io.pgvs3.store.sql.Locks;
import io.pgvs3.store.sql.LongStatement;
import io.pgvs3.store.sql.SqlErrors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The maintenance-leader lock: a session advisory lock (database-scoped, like every advisory lock) on
 * a connection this tick keeps to itself and runs its jobs on. Released, and the connection returned,
 * when the tick ends; a gateway that dies releases it with its session. While the tick holds it, its
 * statements may each run {@link #STATEMENT_LIMIT} (a reaper pass deletes up to 65,536 rows), not the
 * main pool's few seconds; a hung database still ends the tick within that bound (docs/adr/0033).
 */
final class LeaderLease implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(LeaderLease.class.getName());

    private static final String TRY_LOCK = "SELECT pg_try_advisory_lock(?, 0)";
    private static final String UNLOCK = "SELECT pg_advisory_unlock(?, 0)";

    static final Duration STATEMENT_LIMIT = Duration.ofMinutes(1);

    private final Connection connection;
    private final int poolNetworkTimeout;

    private LeaderLease(Connection connection, int poolNetworkTimeout) {
        this.connection = connection;
        this.poolNetworkTimeout = poolNetworkTimeout;
    }

    /** @return the lease, or null when another session holds the lock */
    static LeaderLease tryAcquire(DataSource dataSource) throws SQLException {
        Connection c = dataSource.getConnection();
        try {
            c.setAutoCommit(true);
            // lifted before the lock is taken: a failure after it would return the lock to the pool
            int poolNetworkTimeout = LongStatement.lift(c, STATEMENT_LIMIT);
            if (call(c, TRY_LOCK)) {
                return new LeaderLease(c, poolNetworkTimeout);
            }
            LongStatement.restore(c, poolNetworkTimeout, true);
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
            LongStatement.restore(connection, poolNetworkTimeout, true);
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
