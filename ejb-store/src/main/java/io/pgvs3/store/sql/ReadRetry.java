package io.pgvs3.store.sql;

import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Read-only work on a pooled session, run once more on a fresh session when the first one was dead. The
 * pools lend sessions untested, so after a database restart or a terminated backend the first request to
 * draw a session that died in the pool would fail although the database is fine. Its failure is reported
 * (the watched handle tells the breaker, which probes the database) and the pool destroys that session,
 * and every other idle one of its pool (Liberty's purge policy {@code EntirePool}), so the second attempt
 * meets a new one. The work returns what it read, so nothing has reached the client when it fails.
 *
 * <p><b>Only reads come here; writes are never retried.</b> After a session is lost in a write, its commit
 * may or may not have happened (the COMMIT sent, no answer read): a second run could apply it twice, or
 * over a newer write. The client, answered 503, decides.
 *
 * <p>Not retried either: a failure to get a session at all (the pool just tried a fresh one), a socket
 * timeout (the database did not answer in time, frozen or overloaded: another attempt would double the
 * wait ADR 33 bounds, and the breaker's probe decides), and every answer of a live database.
 *
 * <p>The work takes its inputs as arguments ({@link SessionWork}), so a read that does not fail costs no
 * allocation here.
 */
public final class ReadRetry {

    private static final Logger LOG = Logger.getLogger(ReadRetry.class.getName());

    private ReadRetry() {
    }

    /** Runs {@code work(c, a, b)} on a session of {@code pool}, again on a fresh one if that one was dead. */
    public static <A, B, T, X extends Exception> T run(DataSource pool, A a, B b, SessionWork<A, B, T, X> work)
            throws SQLException, X {
        Connection first = pool.getConnection();
        try (first) {
            return work.run(first, a, b);
        } catch (SQLException e) {
            if (!isDeadSession(e)) {
                throw e;
            }
            LOG.fine(() -> "a pooled session was dead (" + e.getMessage() + "); reading on another");
        }
        try (Connection fresh = pool.getConnection()) {
            return work.run(fresh, a, b);
        }
    }

    /** {@link #run(DataSource, Object, Object, SessionWork)} for work that is a lambda already. */
    public static <T> T run(DataSource pool, Transactions.Work<T> work) throws SQLException {
        return run(pool, work, (Void) null, ReadRetry::runWork);
    }

    private static <T> T runWork(Connection c, Transactions.Work<T> work, Void none) throws SQLException {
        return work.run(c);
    }

    /**
     * True when {@code e} says the session was lost ({@link SqlErrors#isConnectionLost}) other than by
     * waiting in vain for an answer: a session that died in the pool fails at once (end of stream, reset,
     * the server's 57P01), a frozen database only after the socket timeout.
     */
    public static boolean isDeadSession(SQLException e) {
        if (!SqlErrors.isConnectionLost(e)) {
            return false;
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return false;
            }
        }
        return true;
    }
}
