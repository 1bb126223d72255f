package io.pgvs3.store.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.sql.ReadRetry;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.RecordingPool;
import io.pgvs3.store.testing.Sql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.PGConnection;

/** Main-pool sessions kept between autocommit reads (ADR 67), against a real PostgreSQL 18. */
@ExtendWith(PostgresExtension.class)
class KeptReadSessionsTest {

    private static final long IDLE = 1_000;

    private final RecordingPool pool = new RecordingPool(PostgresExtension.main());
    private final AtomicLong clock = new AtomicLong();
    private final KeptReadSessions reads = new KeptReadSessions(pool, 2, IDLE, clock::get);

    /** The backend that serves a read on {@code c}: which session the read got. */
    private static int backend(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private int read() throws SQLException {
        return ReadRetry.run(reads, KeptReadSessionsTest::backend);
    }

    @Test
    void readsOneAfterTheOtherShareOneSessionOfThePool() throws SQLException {
        int first = read();
        for (int i = 0; i < 5; i++) {
            assertEquals(first, read(), "read " + i + " on the kept session");
        }
        assertEquals(1, pool.lentCount(), "one connection taken from the pool");
        assertFalse(pool.lastLent().isClosed(), "kept, not given back");
    }

    @Test
    void atMostMaxAreKeptTheRestGoBack() throws SQLException {
        List<Connection> atOnce = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            atOnce.add(reads.getConnection());
        }
        for (Connection c : atOnce) {
            c.close();
        }
        List<Connection> lent = pool.lent();
        assertEquals(3, lent.size());
        assertEquals(1, lent.stream().filter(KeptReadSessionsTest::isClosed).count(), "the third went back to the pool");
        read();
        read();
        assertEquals(3, pool.lentCount(), "the two kept ones serve the next reads");
    }

    @Test
    void sessionsUnusedForTheIdleTimeGoBackToThePool() throws SQLException {
        read();
        Connection kept = pool.lastLent();
        clock.addAndGet(IDLE - 1);
        reads.releaseIdle();
        assertFalse(kept.isClosed(), "not idle long enough");
        clock.addAndGet(1);
        reads.releaseIdle();
        assertTrue(kept.isClosed(), "idle for the idle time: given back");
        read();
        assertEquals(2, pool.lentCount(), "the next read takes one from the pool again");
    }

    @Test
    void aBrokenSessionTakesTheKeptOnesWithItAndTheReadRetriesOnAFreshOne() throws SQLException {
        try (Connection a = reads.getConnection(); Connection b = reads.getConnection()) {
            assertTrue(backend(a) != backend(b));
        }
        List<Connection> kept = pool.lent();
        for (Connection c : kept) {
            Sql.terminate(c.unwrap(PGConnection.class).getBackendPID());
        }
        read();
        assertTrue(kept.stream().allMatch(KeptReadSessionsTest::isClosed), "both dead sessions given back");
        assertEquals(3, pool.lentCount(), "the retry took a fresh session of the pool");
        assertFalse(pool.lastLent().isClosed(), "and keeps it");
    }

    @Test
    void aReadsViewIsDeadOnceClosedAndClosingItTwiceKeepsTheSessionOnce() throws SQLException {
        Connection view = reads.getConnection();
        view.close();
        view.close();
        assertTrue(view.isClosed());
        assertThrows(SQLException.class, view::createStatement, "the session may be another read's now");
        try (Connection a = reads.getConnection(); Connection b = reads.getConnection()) {
            assertTrue(backend(a) != backend(b), "kept once, not handed to two reads");
        }
    }

    @Test
    void closingGivesBackTheKeptSessionsAndTheLentOnesWhenTheirReadsEnd() throws SQLException {
        Connection ended = reads.getConnection();
        Connection running = reads.getConnection();
        ended.close();
        reads.close();
        assertTrue(pool.lent().get(0).isClosed(), "kept: given back at once");
        assertFalse(pool.lent().get(1).isClosed(), "not under a running read");
        running.close();
        assertTrue(pool.lent().get(1).isClosed(), "given back when its read ended");
    }

    @Test
    void timerWorkReadsOnThePoolsSessionsTheRestOnKeptOnes() {
        DataAccess access = new DataAccess(pool, reads, pool, new NamespaceCache(pool));
        for (int i = 0; i < 3; i++) {
            access.readCatalog("test", "none", KeptReadSessionsTest::backend);
        }
        assertEquals(1, pool.lentCount(), "the path's reads keep their session");
        DataAccess timers = access.withPoolReads();
        for (int i = 0; i < 3; i++) {
            timers.readCatalog("test", "none", KeptReadSessionsTest::backend);
        }
        assertEquals(4, pool.lentCount(), "a timer's reads take one of the pool's each");
        assertTrue(pool.lent().subList(1, 4).stream().allMatch(KeptReadSessionsTest::isClosed), "and give it back");
    }

    private static boolean isClosed(Connection c) {
        try {
            return c.isClosed();
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }
}
