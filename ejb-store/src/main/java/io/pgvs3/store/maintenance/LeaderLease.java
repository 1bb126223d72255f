package io.pgvs3.store.maintenance;

import io.pgvs3.store.sql.Locks;
import io.pgvs3.store.sql.LongStatement;
import io.pgvs3.store.sql.SessionSource;
import io.pgvs3.store.sql.SqlErrors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The maintenance-leader lock: a session advisory lock (database-scoped, like every advisory lock) on a
 * session of the gateway's own, kept from tick to tick, so one gateway leads until it stops or its session
 * ends (docs/adr/0037). The jobs run on that session. The server ends the session of a leader that stops
 * ticking ({@code idle_session_timeout}), so a frozen gateway hands leadership over too. A database in
 * recovery (a standby) never grants it: advisory locks work there, but they are the standby's own, and
 * every job writes (docs/adr/0035). The leader's statements may each run {@link #STATEMENT_LIMIT} (a
 * reaper pass deletes up to 65,536 rows), not its session's few seconds; a hung database still ends a
 * tick within that bound (docs/adr/0033).
 */
final class LeaderLease implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(LeaderLease.class.getName());

    /** CASE, unlike AND, fixes the order: the lock is not even tried on a standby. */
    private static final String TRY_LOCK =
            "SELECT CASE WHEN pg_is_in_recovery() THEN false ELSE pg_try_advisory_lock(?, 0) END";
    private static final String UNLOCK = "SELECT pg_advisory_unlock(?, 0)";
    static final Duration STATEMENT_LIMIT = Duration.ofMinutes(1);
    /** Added to two intervals: how long a leader's session may idle before the server ends it. */
    private static final Duration IDLE_MARGIN = Duration.ofSeconds(30);

    private final Connection connection;

    private LeaderLease(Connection connection) {
        this.connection = connection;
    }

    /**
     * @param interval the time between two ticks of this gateway; a session idle for two of them plus
     *                 a margin is ended by the server
     * @return the lease, or null when another session holds the lock or the database is a standby
     */
    static LeaderLease tryAcquire(SessionSource sessions, Duration interval) throws SQLException {
        Connection c = sessions.open();
        try {
            c.setAutoCommit(true);
            if (!call(c, TRY_LOCK)) {
                c.close();
                return null;
            }
            try (Statement s = c.createStatement()) {
                s.execute("SET application_name = 'pgvs3-maintenance'; SET idle_session_timeout = "
                        + interval.multipliedBy(2).plus(IDLE_MARGIN).toMillis());
            }
            LongStatement.lift(c, STATEMENT_LIMIT); // the session is the leader's alone: nothing to restore
            return new LeaderLease(c);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    Connection connection() {
        return connection;
    }

    /** Whether the session still answers (the server may have ended it: a restart, a terminated backend). */
    boolean isAlive(int timeoutSeconds) {
        try {
            return connection.isValid(timeoutSeconds);
        } catch (SQLException e) {
            return false;
        }
    }

    /** Ends a tick on the leader's session: no transaction is left open on it. */
    void endTick() throws SQLException {
        if (!connection.getAutoCommit()) {
            SqlErrors.rollbackQuietly(connection, null); // nothing failed: a plain rollback
            connection.setAutoCommit(true);
        }
    }

    /** Gives leadership up. Never throws: a lock that cannot be released here ends with its session. */
    @Override
    public void close() {
        try {
            endTick();
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
