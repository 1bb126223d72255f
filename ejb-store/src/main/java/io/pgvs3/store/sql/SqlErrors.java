package io.pgvs3.store.sql;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Turns JDBC failures into store errors, keeping the cause. */
public final class SqlErrors {

    private static final Logger LOG = Logger.getLogger(SqlErrors.class.getName());

    /** invalid_schema_name: the namespace's schema was dropped (its bucket was deleted). */
    public static final String UNDEFINED_SCHEMA = "3F000";
    /** undefined_table: same, seen when the schema exists but not the table. */
    public static final String UNDEFINED_TABLE = "42P01";
    /** query_canceled: statement_timeout ended the statement. */
    public static final String QUERY_CANCELED = "57014";
    /** lock_not_available: lock_timeout ended a lock wait. */
    public static final String LOCK_NOT_AVAILABLE = "55P03";
    /** too_many_connections: the database admits no more sessions right now. */
    public static final String TOO_MANY_CONNECTIONS = "53300";

    /** admin_shutdown, crash_shutdown, cannot_connect_now: the server ended or refuses sessions. */
    private static final Set<String> SERVER_ENDED_SESSIONS = Set.of("57P01", "57P02", "57P03");

    /** read_only_sql_transaction: the database is in recovery (a standby) and refused a write. */
    public static final String READ_ONLY_TRANSACTION = "25006";

    private SqlErrors() {
    }

    /** True when the statement failed because the database accepts no writes (a standby). */
    public static boolean isReadOnly(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && READ_ONLY_TRANSACTION.equals(s.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** READ_ONLY: a write reached a database in recovery (a gateway without pgvs3.read-only on a standby). */
    public static StoreException readOnly(String operation, SQLException e) {
        return new StoreException(StoreError.READ_ONLY,
                "the database is read-only (in recovery) and refused " + operation, e);
    }

    /** True when the statement failed because a namespace's schema or table is gone. */
    public static boolean isMissingNamespace(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s
                    && (UNDEFINED_SCHEMA.equals(s.getSQLState()) || UNDEFINED_TABLE.equals(s.getSQLState()))) {
                return true;
            }
        }
        return false;
    }

    /** NO_SUCH_BUCKET for a vanished namespace, READ_ONLY for a standby, else {@link #unavailable} naming the operation. */
    public static StoreException translate(String operation, String bucket, SQLException e) {
        if (isMissingNamespace(e)) {
            return new StoreException(StoreError.NO_SUCH_BUCKET, "no such bucket: " + bucket, e);
        }
        if (isReadOnly(e)) {
            return readOnly(operation + " in bucket " + bucket, e);
        }
        return unavailable(operation + " in bucket " + bucket, e);
    }

    /**
     * BUSY when the database timed out a statement or lock wait or admits no more sessions, else
     * UNAVAILABLE (unreachable, no answer within the socket timeout, or another refusal). The message
     * has the driver's words and SQLState only: the pools never put a failing row's values there
     * (logServerErrorDetail=false, docs/adr/0033).
     */
    public static StoreException unavailable(String what, SQLException e) {
        String state = e.getSQLState();
        StoreError error = QUERY_CANCELED.equals(state) || LOCK_NOT_AVAILABLE.equals(state)
                || TOO_MANY_CONNECTIONS.equals(state) ? StoreError.BUSY : StoreError.UNAVAILABLE;
        return new StoreException(error, "database refused " + what + ": " + e.getMessage()
                + " (SQLState " + state + ")", e);
    }

    /**
     * True when the failure says the session itself is gone or cannot be had: PgJDBC's connection
     * failures (SQLState class 08, an I/O error such as a socket timeout or a refused connect) and the
     * server ending or refusing sessions (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect
     * now). A statement or lock timeout, a constraint violation or a pool wait is an answer from a live
     * database (or a busy pool), not this; so is a transient connection exception's own SQLState (a pool
     * wait ends with one), though its cause still counts.
     */
    public static boolean isConnectionLost(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException) {
                return true;
            }
            if (t instanceof SQLException s && !(t instanceof SQLTransientConnectionException)
                    && s.getSQLState() != null
                    && (s.getSQLState().startsWith("08") || SERVER_ENDED_SESSIONS.contains(s.getSQLState()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Ends the transaction that {@code failure} interrupted, ignoring a failure to do so (the original
     * failure is what matters). A session lost at connection level is aborted instead of rolled back: its
     * transaction ended with it, the pool must destroy it rather than lend it again, and a rollback on it
     * would only fail on the dead socket (docs/adr/0039). Otherwise a ROLLBACK statement ends it
     * ({@link Transactions#rollback}, docs/adr/0041). A handle the pool already closed (its session broke,
     * or the COPY watchdog aborted it) is left alone.
     */
    public static void rollbackQuietly(Connection connection, Exception failure) {
        if (connection == null) {
            return;
        }
        try {
            if (connection.isClosed()) {
                return;
            }
            if (sessionLost(failure)) {
                connection.abort(Runnable::run);
            } else {
                Transactions.rollback(connection);
            }
        } catch (SQLException e) {
            LOG.log(Level.FINE, "ending the transaction failed after an earlier failure", e);
        }
    }

    private static boolean sessionLost(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                return isConnectionLost(sql);
            }
        }
        return false;
    }

}
