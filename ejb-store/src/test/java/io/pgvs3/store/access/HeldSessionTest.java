package io.pgvs3.store.access;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.HeldSession;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.kv.KvService;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.RecordingPool;
import io.pgvs3.store.testing.Sql;
import io.pgvs3.store.testing.Stores;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.PGConnection;

/**
 * A client's store calls on the main-pool session it keeps (ADR 54), against a real PostgreSQL 18: wired as
 * {@code KvStoreBean.openSession} wires a worker's session, over a pool that records what it lent.
 */
@ExtendWith(PostgresExtension.class)
class HeldSessionTest {

    private static final long NOW = System.currentTimeMillis();
    private static final byte[] KEY = "k".getBytes(StandardCharsets.UTF_8);
    private static final byte[] VALUE = "v".getBytes(StandardCharsets.UTF_8);

    private final RecordingPool pool;
    private final DataAccess access;
    private final SessionBinding binding;
    private final KvService kv;

    HeldSessionTest() throws SQLException {
        pool = new RecordingPool(PostgresExtension.freshStoreDatabase().main());
        access = new DataAccess(pool, pool, new NamespaceCache(pool));
        binding = new SessionBinding(pool);
        kv = new KvService(access.bound(binding), Stores.WATCHDOG);
        kv.put(0, List.of(new KvPut(KEY, VALUE, KvEntry.PERSISTENT)));
    }

    private void read() {
        assertArrayEquals(VALUE, kv.get(0, List.of(KEY), NOW).get(0).value());
    }

    private Connection lastLent() {
        return pool.lastLent();
    }

    @Test
    void callsOnAKeptSessionTakeOneConnectionAndClosingGivesItBack() throws SQLException {
        HeldSession held = access.holdMain();
        int before = pool.lentCount();
        binding.runOn(held);
        for (int i = 0; i < 5; i++) {
            read();
        }
        binding.runOn(null);
        assertEquals(before + 1, pool.lentCount(), "five reads on one kept session");
        Connection kept = lastLent();
        assertFalse(kept.isClosed(), "kept between calls");
        binding.runOn(held);
        read();
        binding.runOn(null);
        assertEquals(before + 1, pool.lentCount(), "kept across a pause of the client");

        read();
        assertEquals(before + 2, pool.lentCount(), "without a kept session, the pool's per call");
        held.close();
        assertTrue(kept.isClosed(), "given back when closed");
    }

    @Test
    void aKeptSessionThatBrokeIsReplacedAndTheReadStillAnswers() throws SQLException {
        HeldSession held = access.holdMain();
        binding.runOn(held);
        read();
        Connection kept = lastLent();
        Sql.terminate(kept.unwrap(PGConnection.class).getBackendPID());
        read();
        Connection fresh = lastLent();
        assertTrue(kept.isClosed(), "the broken one is closed");
        assertFalse(fresh.isClosed(), "the fresh one is kept");
        read();
        assertSame(fresh, lastLent(), "and used by the next call");
        binding.runOn(null);
        held.close();
        assertTrue(fresh.isClosed());
    }

    @Test
    void closedWhileACallRunsOnItTheSessionIsGivenBackWhenTheCallsEnd() throws SQLException {
        HeldSession held = access.holdMain();
        binding.runOn(held);
        read();
        Connection kept = lastLent();
        held.close(); // the client went away while its batch runs
        assertFalse(kept.isClosed(), "not under the running batch");
        int before = pool.lentCount();
        read();
        assertEquals(before + 1, pool.lentCount(), "the rest of the batch takes the pool's");
        binding.runOn(null);
        assertTrue(kept.isClosed(), "given back once the batch ended");
    }

    @Test
    void aCallThatNeedsASecondSessionAtOnceGetsThePools() throws SQLException {
        HeldSession held = access.holdMain();
        binding.runOn(held);
        int before = pool.lentCount();
        try (Connection first = binding.getConnection(); Connection second = binding.getConnection()) {
            assertEquals(before + 2, pool.lentCount(), "the kept one taken, then one of the pool's");
            assertSame(second, lastLent(), "the second is the pool's itself");
            assertTrue(pool.lent().stream().noneMatch(c -> c == first), "the first is the kept one's view");
        } finally {
            binding.runOn(null);
            held.close();
        }
    }
}
