package io.pgvs3.store.maintenance;

import io.pgvs3.store.sql.SqlErrors;
import java.sql.Connection;
import java.sql.SQLException;

/** Runs one unit of maintenance work as its own transaction and returns the connection to autocommit. */
final class Transactions {

    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private Transactions() {
    }

    static <T> T inTransaction(Connection c, Work<T> work) throws SQLException {
        c.setAutoCommit(false);
        try {
            T result = work.run(c);
            c.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            SqlErrors.rollbackQuietly(c);
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }
}
