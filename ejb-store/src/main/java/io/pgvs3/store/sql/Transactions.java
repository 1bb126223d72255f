package io.pgvs3.store.sql;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

/**
 * One JDBC transaction on a pooled connection: commit when the work returns, roll back on any failure,
 * and turn SQL failures into store errors naming the operation and bucket.
 */
public final class Transactions {

    /** Work inside the transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** Work inside the transaction that also reads or writes a stream, so may fail with an IOException. */
    @FunctionalInterface
    public interface StreamWork {
        void run(Connection c) throws SQLException, IOException;
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

    public static <T> T run(DataSource pool, String operation, String bucket, Work<T> work) {
        return run(pool, false, operation, bucket, work);
    }

    /** For work that streams or copies bytes: it may run longer than any statement timeout. */
    public static <T> T runLong(DataSource pool, String operation, String bucket, Work<T> work) {
        return run(pool, true, operation, bucket, work);
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
        c.setAutoCommit(false);
        T result;
        try {
            result = work.run(c);
            commit(c);
        } catch (SQLException | RuntimeException e) {
            endFailed(c, e);
            throw e;
        }
        c.setAutoCommit(true);
        return result;
    }

    /** {@link #inTransaction(Connection, Work)} for work that streams bytes. */
    public static void inStreamTransaction(Connection c, StreamWork work) throws SQLException, IOException {
        c.setAutoCommit(false);
        try {
            work.run(c);
            commit(c);
        } catch (SQLException | IOException | RuntimeException e) {
            endFailed(c, e);
            throw e;
        }
        c.setAutoCommit(true);
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

    private static <T> T run(DataSource pool, boolean lifted, String operation, String bucket, Work<T> work) {
        try (Connection c = pool.getConnection()) {
            return inTransaction(c, tx -> {
                if (lifted) {
                    liftStatementTimeout(tx);
                }
                return work.run(tx);
            });
        } catch (SQLException e) {
            throw SqlErrors.translate(operation, bucket, e);
        }
    }
}
