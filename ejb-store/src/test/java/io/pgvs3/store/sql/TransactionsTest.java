package io.pgvs3.store.sql;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.store.testing.PostgresExtension;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class TransactionsTest {

    /**
     * Regression: the COPY watchdog aborts a session mid-transaction; restoring autocommit on the dead
     * session then failed too ("Connection is closed") and replaced the failure that says why.
     */
    @Test
    void theWorksFailureIsReportedWhenTheSessionDiedWithIt() throws SQLException {
        DataSource pool = PostgresExtension.chunk();
        SQLException why = new SQLException("the database took no COPY data for 6 s; its session was aborted", "08006");
        try (Connection c = pool.getConnection()) {
            SQLException thrown = assertThrows(SQLException.class, () -> Transactions.inTransaction(c, tx -> {
                tx.abort(Runnable::run);
                throw why;
            }));
            assertSame(why, thrown);
        }
    }
}
