package io.pgvs3.store.breaker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.sql.SqlErrors;
import io.pgvs3.store.testing.PostgresExtension;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

/** The breaker against a real PostgreSQL 18 and a port where none listens (a database that is down). */
@ExtendWith(PostgresExtension.class)
class DatabaseBreakerTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private final ExecutorService probes = Executors.newCachedThreadPool();

    /** Where the pool and the probe connect: down until {@link #up}, then the test database; counts asks. */
    private static final class SwitchableDatabase extends PGSimpleDataSource {
        private static final long serialVersionUID = 1L;
        private final AtomicInteger asked = new AtomicInteger();

        SwitchableDatabase(boolean up) throws Exception {
            if (up) {
                up();
            } else {
                down();
            }
        }

        void down() throws Exception {
            setUrl("jdbc:postgresql://127.0.0.1:" + freePort() + "/postgres");
            setConnectTimeout(2);
        }

        void up() {
            PGSimpleDataSource real = (PGSimpleDataSource) PostgresExtension.main();
            setUrl(real.getUrl());
            setUser(real.getUser());
            setPassword(real.getPassword());
        }

        @Override
        public Connection getConnection() throws SQLException {
            asked.incrementAndGet();
            return super.getConnection();
        }
    }

    @AfterEach
    void stopProbes() {
        probes.shutdownNow();
    }

    /** A port where nothing listens (it was free a moment ago). */
    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Gets a connection from {@code pool} as soon as it gives one, within {@link #PATIENCE}. */
    private static Connection awaitConnection(DataSource pool) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (true) {
            try {
                return pool.getConnection();
            } catch (BreakerOpenException e) {
                assertTrue(System.nanoTime() < deadline, "the breaker did not close: " + e.getMessage());
                Thread.sleep(50);
            }
        }
    }

    @Test
    void aRefusedConnectOpensItThenConnectionsFailFastWithoutThePoolUntilAProbeAnswers() throws Exception {
        SwitchableDatabase database = new SwitchableDatabase(false);
        DatabaseBreaker breaker = new DatabaseBreaker(database::getConnection, probes);
        DataSource pool = new GuardedDataSource(database, breaker);

        SQLException refused = assertThrows(SQLException.class, pool::getConnection);
        assertFalse(refused instanceof BreakerOpenException, "the first failure is the pool's own");
        awaitOpen(breaker); // once the probe found nobody listening either
        int askedBefore = database.asked.get();
        BreakerOpenException fast = assertThrows(BreakerOpenException.class, pool::getConnection);
        assertEquals(StoreError.UNAVAILABLE, SqlErrors.unavailable("x", fast).error());
        assertEquals(askedBefore, database.asked.get(), "an open breaker does not ask the pool");
        assertEquals(fast.getMessage(), breaker.refusal(), "readiness reports the same refusal");

        database.up();
        try (Connection c = awaitConnection(pool); Statement s = c.createStatement()) {
            assertTrue(s.execute("SELECT 1"));
        }
        assertFalse(breaker.isOpen());
        assertNull(breaker.refusal());
    }

    @Test
    void aStatementTimeoutOrOneTerminatedSessionOfALiveDatabaseLeavesItClosed() throws Exception {
        SwitchableDatabase database = new SwitchableDatabase(true);
        DatabaseBreaker breaker = new DatabaseBreaker(database::getConnection, probes);
        DataSource pool = new GuardedDataSource(database, breaker);

        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            s.execute("SET statement_timeout = '50ms'");
            SQLException timeout = assertThrows(SQLException.class, () -> s.execute("SELECT pg_sleep(5)"));
            assertEquals(SqlErrors.QUERY_CANCELED, timeout.getSQLState());
        }
        assertFalse(breaker.isOpen(), "a statement timeout is an answer from a live database");

        int asked = database.asked.get();
        terminateOwnSession(pool, () -> { });
        // the lost session starts a probe, which a live database answers: the breaker stays closed
        awaitProbed(breaker, database, asked + 2);
        assertFalse(breaker.isOpen(), "one terminated session (a recovery conflict, a DBA) is not an outage");
        try (Connection c = pool.getConnection()) {
            assertFalse(c.isClosed());
        }
    }

    @Test
    void aSessionLostWhileNoNewSessionCanBeHadOpensIt() throws Exception {
        SwitchableDatabase database = new SwitchableDatabase(true);
        DatabaseBreaker breaker = new DatabaseBreaker(database::getConnection, probes);
        DataSource pool = new GuardedDataSource(database, breaker);
        terminateOwnSession(pool, database::down); // the probe's session then finds nobody listening
        awaitOpen(breaker);
        assertThrows(BreakerOpenException.class, pool::getConnection);
        database.up();
        try (Connection c = awaitConnection(pool)) {
            assertFalse(c.isClosed());
        }
    }

    private static void awaitOpen(DatabaseBreaker breaker) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!breaker.isOpen()) {
            assertTrue(System.nanoTime() < deadline, "the breaker did not open after its probe failed");
            Thread.sleep(20);
        }
    }

    /**
     * Ends the server session of a pooled connection from inside it, as pg_terminate_backend would, after
     * running {@code before} with the connection open.
     */
    private static void terminateOwnSession(DataSource pool, ThrowingRunnable before) throws Exception {
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            before.run();
            assertThrows(SQLException.class, () -> s.execute("SELECT pg_terminate_backend(pg_backend_pid())"));
            assertThrows(SQLException.class, c::commit); // the connection method sees the session gone
        }
    }

    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** Waits until the database was asked for {@code sessions} sessions in all and no probe runs any more. */
    private static void awaitProbed(DatabaseBreaker breaker, SwitchableDatabase database, int sessions)
            throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (database.asked.get() < sessions || breaker.isProbing()) {
            assertTrue(System.nanoTime() < deadline, "no probe session was opened, or it did not finish");
            Thread.sleep(20);
        }
    }
}
