package io.pgvs3.store.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Runs a statement kind that may outlast its pool's limits (a server-side copy of a large file, a
 * maintenance pass): its statement and lock timeouts become {@code limit}, after which the server cancels
 * it, and the client gives up on a silent server {@link #SOCKET_MARGIN} later, so a hung database still
 * ends it (docs/adr/0033). The pool's own limits apply again afterwards.
 */
public final class LongStatement {

    /** How much longer than the statement limit the socket waits: the server's cancel should win. */
    public static final Duration SOCKET_MARGIN = Duration.ofSeconds(10);

    private static final String RESET = "RESET statement_timeout; RESET lock_timeout";

    private LongStatement() {
    }

    /** Work bounded by {@code limit}, on a connection inside a transaction or in autocommit. */
    public static <T> T within(Connection c, Duration limit, Transactions.Work<T> work) throws SQLException {
        int networkTimeout = c.getNetworkTimeout();
        boolean session = c.getAutoCommit();
        set(c, limit, session);
        try {
            return work.run(c);
        } finally {
            restore(c, networkTimeout, session);
        }
    }

    /**
     * Lifts the limits for the rest of the session's use by one caller (the maintenance leader's own
     * session); {@link #restore} undoes it.
     */
    public static int lift(Connection c, Duration limit) throws SQLException {
        int networkTimeout = c.getNetworkTimeout();
        set(c, limit, true);
        return networkTimeout;
    }

    /** Undoes {@link #lift}: the pool's statement and socket timeouts again. */
    public static void restore(Connection c, int networkTimeout, boolean session) throws SQLException {
        if (c.isClosed()) {
            return; // a broken session took its settings with it
        }
        if (session) {
            try (Statement s = c.createStatement()) {
                s.execute(RESET); // back to the startup option the pool set (server.xml)
            }
        }
        c.setNetworkTimeout(Runnable::run, networkTimeout);
    }

    private static void set(Connection c, Duration limit, boolean session) throws SQLException {
        c.setNetworkTimeout(Runnable::run, Math.toIntExact(limit.plus(SOCKET_MARGIN).toMillis()));
        // the lock wait too: a long kind may wait for a lock within its own limit, not the pool's 2 s
        String set = session ? "SET" : "SET LOCAL";
        try (Statement s = c.createStatement()) {
            s.execute(set + " statement_timeout = " + limit.toMillis() + "; " + set + " lock_timeout = "
                    + limit.toMillis());
        }
    }
}
