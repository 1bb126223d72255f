package io.pgvs3.store.kv;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.sql.ReadRetry;
import io.pgvs3.store.sql.SqlErrors;
import io.pgvs3.store.sql.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * One KV transaction, retried when it lost a race it cannot lose twice in a row for long: a deadlock
 * between two multi-key writers (row locks are taken in key order, but two plans may order them
 * differently), a serialization failure, or a first insert of a key that another gateway inserted first.
 */
final class KvTransactions {

    static final int ATTEMPTS = 20;

    private static final String DEADLOCK = "40P01";
    private static final String SERIALIZATION = "40001";

    /** Thrown by work that must start over (the mutation sees the other writer's row next time). */
    static final class Retry extends RuntimeException {
        Retry() {
            super(null, null, false, false);
        }
    }

    private KvTransactions() {
    }

    static <T> T run(DataSource pool, String operation, int db, Transactions.Work<T> work) {
        for (int attempt = 1; ; attempt++) {
            try (Connection c = pool.getConnection()) {
                return Transactions.inTransaction(c, work);
            } catch (Retry e) {
                if (attempt == ATTEMPTS) {
                    throw unavailable(operation, db, "kept losing to concurrent writers", null);
                }
            } catch (SQLException e) {
                boolean raced = DEADLOCK.equals(e.getSQLState()) || SERIALIZATION.equals(e.getSQLState());
                if (!raced || attempt == ATTEMPTS) {
                    throw SqlErrors.unavailable(operation + " in RESP database " + db, e);
                }
            }
        }
    }

    /** Autocommit work (reads), again on a fresh session when the pool lent a dead one ({@link ReadRetry}). */
    static <T> T read(DataSource pool, String operation, int db, Transactions.Work<T> work) {
        try {
            return ReadRetry.run(pool, work);
        } catch (SQLException e) {
            throw SqlErrors.unavailable(operation + " in RESP database " + db, e);
        }
    }

    private static StoreException unavailable(String operation, int db, String detail, SQLException cause) {
        if (SqlErrors.isReadOnly(cause)) {
            return SqlErrors.readOnly(operation + " in RESP database " + db, cause);
        }
        return new StoreException(StoreError.UNAVAILABLE,
                "database refused " + operation + " in RESP database " + db + ": " + detail, cause);
    }
}
