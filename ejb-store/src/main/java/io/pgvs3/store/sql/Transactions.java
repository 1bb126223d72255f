package io.pgvs3.store.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * How a transaction begins and ends: autocommit off, the work, then a COMMIT statement, or a ROLLBACK (an
 * abort for a lost session) on any failure, and autocommit on again (docs/adr/0041). The store's workers
 * reach these through {@code store.access.DataAccess}, which adds the pool, the namespace and the
 * translation of failures; only holders of a long-lived session (maintenance's leader, the read window's
 * pieces and shared snapshot, the layout check) call them directly. No other class begins a transaction.
 */
public final class Transactions {

    /** Work inside the transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** The first statement of a read-only transaction that sees one snapshot throughout. */
    public static final String READ_ONLY_SNAPSHOT = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY";

    private static final String NO_STATEMENT_TIMEOUT = "SET LOCAL statement_timeout = 0";
    private static final String COMMIT = "COMMIT";
    private static final String ROLLBACK = "ROLLBACK";
    /** in_failed_sql_transaction. */
    private static final String IN_FAILED_TRANSACTION = "25P02";

    private Transactions() {
    }

    /** Lifts {@code statement_timeout} for the rest of the caller's transaction (COPY of a large body). */
    public static void liftStatementTimeout(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(NO_STATEMENT_TIMEOUT);
        }
    }

    /**
     * Commits the transaction open on {@code c} with a COMMIT statement. Liberty's handle writes an FFDC
     * incident for every {@link Connection#commit()} that fails, a commit on a session that a database
     * restart ended included, while a failing statement is only passed on (docs/adr/0041). A transaction
     * that an error aborted is not committed: PostgreSQL would answer COMMIT with ROLLBACK, so this
     * refuses it as {@link Connection#commit()} does.
     */
    public static void commit(Connection c) throws SQLException {
        if (c.unwrap(BaseConnection.class).getTransactionState() == TransactionState.FAILED) {
            throw new SQLException("the transaction failed earlier and cannot be committed", IN_FAILED_TRANSACTION);
        }
        try (PreparedStatement commit = c.prepareStatement(COMMIT)) { // the pool caches it per session
            commit.execute();
        }
    }

    /** Rolls back the transaction open on {@code c} with a ROLLBACK statement, for the reason {@link #commit} gives. */
    public static void rollback(Connection c) throws SQLException {
        try (PreparedStatement rollback = c.prepareStatement(ROLLBACK)) {
            rollback.execute();
        }
    }

    /**
     * One transaction on a connection the caller holds (maintenance keeps its leader connection for a
     * whole tick); the connection is back in autocommit afterwards. SQL failures propagate as they are.
     * A connection whose session broke (the pool closed the handle) is not touched again: its
     * transaction ended with the session (docs/adr/0039).
     */
    public static <T> T inTransaction(Connection c, Work<T> work) throws SQLException {
        return Transactions.<Work<T>, Void, T, RuntimeException>inTransaction(c, work, null, Transactions::runWork);
    }

    /** {@link #inTransaction(Connection, Work)} for work with inputs that may also throw {@code X}. */
    public static <A, B, T, X extends Exception> T inTransaction(Connection c, A a, B b, SessionWork<A, B, T, X> work)
            throws SQLException, X {
        c.setAutoCommit(false);
        T result;
        try {
            result = work.run(c, a, b);
            commit(c);
        } catch (Exception e) {
            endFailed(c, e);
            throw e;
        }
        c.setAutoCommit(true);
        return result;
    }

    /**
     * One transaction on a session of {@code pool}, for work that may run longer than any statement
     * timeout when {@code lifted} is set (it streams or copies bytes). Failures propagate as they are.
     */
    public static <A, B, T, X extends Exception> T onSession(DataSource pool, boolean lifted, A a, B b,
            SessionWork<A, B, T, X> work) throws SQLException, X {
        try (Connection c = pool.getConnection()) {
            if (!lifted) {
                return inTransaction(c, a, b, work);
            }
            return inTransaction(c, a, b, (tx, x, y) -> {
                liftStatementTimeout(tx);
                return work.run(tx, x, y);
            });
        }
    }

    /** One transaction on a session of {@code pool}. Failures propagate as they are. */
    public static <T> T onSession(DataSource pool, Work<T> work) throws SQLException {
        try (Connection c = pool.getConnection()) {
            return inTransaction(c, work);
        }
    }

    /**
     * A read-only transaction on {@code c} that sees one snapshot throughout and ends with a ROLLBACK
     * (nothing to keep); the connection is back in autocommit afterwards.
     */
    public static <A, B, T, X extends Exception> T inSnapshot(Connection c, A a, B b, SessionWork<A, B, T, X> work)
            throws SQLException, X {
        beginSnapshot(c);
        T result;
        try {
            result = work.run(c, a, b);
            rollback(c);
        } catch (Exception e) {
            endFailed(c, e);
            throw e;
        }
        c.setAutoCommit(true);
        return result;
    }

    /**
     * Begins on {@code c} a read-only transaction that sees one snapshot throughout; its owner ends it with
     * {@link #rollback} or {@link SqlErrors#rollbackQuietly} (a snapshot shared across threads, which
     * outlives the call that began it).
     */
    public static void beginSnapshot(Connection c) throws SQLException {
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute(READ_ONLY_SNAPSHOT);
        }
    }

    private static <T> T runWork(Connection c, Work<T> work, Void none) throws SQLException {
        return work.run(c);
    }

    /** Rolls back (or aborts) after {@code failure} and restores autocommit on a session still open. */
    private static void endFailed(Connection c, Exception failure) {
        SqlErrors.rollbackQuietly(c, failure);
        try {
            if (!c.isClosed()) {
                c.setAutoCommit(true);
            }
        } catch (SQLException restore) {
            failure.addSuppressed(restore); // a session that died with the work: its failure says why
        }
    }
}
