package io.pgvs3.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.breaker.DatabaseBreaker;
import io.pgvs3.store.breaker.GuardedDataSource;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Sql;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Read retries against a real PostgreSQL whose backends are terminated as an operator or a restart would. */
@ExtendWith(PostgresExtension.class)
class ReadRetryTest {

    private static final Transactions.Work<Integer> SELECT_ONE = ReadRetryTest::selectOne;

    @Test
    void aReadOnASessionThatDiedInThePoolRunsAgainOnAFreshOne() throws SQLException {
        Pool pool = new Pool(deadSession());
        assertEquals(1, ReadRetry.run(pool, SELECT_ONE));
        assertEquals(2, pool.taken.get());
    }

    @Test
    void theRetryIsExactlyOnce() throws SQLException {
        Pool pool = new Pool(deadSession(), deadSession());
        SQLException e = assertThrows(SQLException.class, () -> ReadRetry.run(pool, SELECT_ONE));
        assertTrue(ReadRetry.isDeadSession(e), e::toString);
        assertEquals(2, pool.taken.get());
    }

    @Test
    void theBreakerStillSeesTheFirstFailureAndProbes() throws SQLException {
        AtomicInteger probes = new AtomicInteger();
        DatabaseBreaker breaker = new DatabaseBreaker(() -> {
            probes.incrementAndGet();
            return PostgresExtension.main().getConnection();
        }, Runnable::run);
        DataSource guarded = new GuardedDataSource(new Pool(deadSession()), breaker);
        assertEquals(1, ReadRetry.run(guarded, SELECT_ONE));
        assertEquals(1, probes.get(), "the dead session's failure starts one probe");
        assertFalse(breaker.isOpen(), "the probe found the database alive");
    }

    @Test
    void aDatabaseSilentPastTheSocketTimeoutIsNotAskedAgain() throws SQLException {
        Connection slow = PostgresExtension.main().getConnection();
        slow.setNetworkTimeout(Runnable::run, 500);
        Pool pool = new Pool(slow);
        SQLException e = assertThrows(SQLException.class, () -> ReadRetry.run(pool, c -> {
            try (Statement s = c.createStatement()) {
                return s.execute("SELECT pg_sleep(5)");
            }
        }));
        assertTrue(SqlErrors.isConnectionLost(e), e::toString);
        assertInstanceOf(SocketTimeoutException.class, e.getCause(), e::toString);
        assertEquals(1, pool.taken.get(), "a retry would double the wait for a frozen database");
    }

    @Test
    void anAnswerOfTheDatabaseIsNotRetried() {
        Pool pool = new Pool();
        SQLException e = assertThrows(SQLException.class, () -> ReadRetry.run(pool, c -> {
            try (Statement s = c.createStatement()) {
                return s.execute("SELECT FROM no_such_table");
            }
        }));
        assertEquals("42P01", e.getSQLState());
        assertEquals(1, pool.taken.get());
    }

    private static int selectOne(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** A session whose backend was terminated (pg_terminate_backend) and is gone, its client not told yet. */
    private static Connection deadSession() throws SQLException {
        Connection victim = PostgresExtension.main().getConnection();
        int pid;
        try (Statement s = victim.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            pid = rs.getInt(1);
        }
        Sql.terminate(pid);
        return victim;
    }

    /** Lends the given sessions first, as a pool lends idle ones, then new ones; counts what it lent. */
    private static final class Pool extends DelegatingDataSource {

        private final Deque<Connection> idle = new ArrayDeque<>();
        private final AtomicInteger taken = new AtomicInteger();

        Pool(Connection... idle) {
            super(PostgresExtension.main());
            this.idle.addAll(List.of(idle));
        }

        @Override
        public Connection getConnection() throws SQLException {
            taken.incrementAndGet();
            Connection lent = idle.poll();
            return lent != null ? lent : target.getConnection();
        }
    }
}
