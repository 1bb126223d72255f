package io.pgvs3.store.maintenance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.FileLocks;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.StallingClient;
import java.io.ByteArrayInputStream;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class ReaperTest {

    private static final Duration TEN_MINUTES = Duration.ofMinutes(10);

    private static MaintenanceFixture fx;

    @BeforeAll
    static void setUp() throws Exception {
        fx = new MaintenanceFixture();
    }

    private static Reaper reaper(MaintenanceConfig config, MaintenanceCounters counters) {
        return new Reaper(config, counters);
    }

    private static Reaper.Pass pass(Reaper reaper, Namespace ns) throws Exception {
        try (Connection c = fx.main().getConnection()) {
            return reaper.pass(c, ns, false, () -> false);
        }
    }

    @Test
    void onlyFilesPastTheGraceWindowAreReaped() throws Exception {
        Namespace ns = fx.namespace(fx.newBucket("grace"));
        long young = fx.queuedFile(ns, 5, Duration.ofMinutes(5));
        long old = fx.queuedFile(ns, 7, Duration.ofMinutes(11));

        Reaper.Pass pass = pass(reaper(MaintenanceFixture.config(TEN_MINUTES), new MaintenanceCounters()), ns);

        assertEquals(7, pass.rows());
        assertEquals(1, pass.files());
        assertFalse(pass.saturated());
        assertEquals(0, fx.rowsOf(ns, old));
        assertFalse(fx.queued(ns, old));
        assertEquals(5, fx.rowsOf(ns, young), "a file inside the grace window keeps its rows");
        assertTrue(fx.queued(ns, young));
    }

    @Test
    void oldestGarbageGoesFirstAndAPassStopsAtItsRowBudget() throws Exception {
        Namespace ns = fx.namespace(fx.newBucket("oldest"));
        long newest = fx.queuedFile(ns, 10, Duration.ofHours(1));
        long oldest = fx.queuedFile(ns, 10, Duration.ofHours(3));
        long middle = fx.queuedFile(ns, 10, Duration.ofHours(2));
        Reaper reaper = reaper(MaintenanceFixture.config(Duration.ZERO).withMaxRowsPerPass(15), new MaintenanceCounters());

        Reaper.Pass first = pass(reaper, ns);
        assertEquals(15, first.rows());
        assertTrue(first.saturated());
        assertEquals(0, fx.rowsOf(ns, oldest));
        assertEquals(5, fx.rowsOf(ns, middle), "the middle file lost its first five rows");
        assertEquals(10, fx.rowsOf(ns, newest));
        assertEquals(Set.of(newest, middle), Set.copyOf(fx.queuedFiles(ns)));

        Reaper.Pass second = pass(reaper, ns);
        assertEquals(15, second.rows());
        assertEquals(0, fx.rowsOf(ns, middle));
        assertEquals(0, fx.rowsOf(ns, newest));
        assertTrue(fx.queuedFiles(ns).isEmpty(), "exhausted files leave the queue in the pass that empties them");
        Reaper.Pass third = pass(reaper, ns);
        assertEquals(0, third.rows());
        assertFalse(third.saturated());
    }

    @Test
    void aPassDeletesAtMost65536RowsAndASaturatedPassChainsWithinTheTick() throws Exception {
        Namespace ns = fx.namespace(fx.newBucket("cap"));
        long a = fx.queuedFile(ns, 40_000, Duration.ofMinutes(30));
        long b = fx.queuedFile(ns, 40_000, Duration.ofMinutes(20));
        MaintenanceConfig config = MaintenanceFixture.config(TEN_MINUTES);
        assertEquals(65_536, config.maxRowsPerPass(), "the default budget");

        Reaper.Pass first = pass(reaper(config, new MaintenanceCounters()), ns);
        assertEquals(65_536, first.rows());
        assertTrue(first.saturated());
        assertEquals(0, fx.rowsOf(ns, a));
        assertEquals(80_000 - 65_536, fx.rowsOf(ns, b));

        long c = fx.queuedFile(ns, 70_000, Duration.ofMinutes(20));
        MaintenanceCounters counters = new MaintenanceCounters();
        try (Maintenance maintenance = new Maintenance(fx.main()::getConnection, config, counters, List.of(reaper(config, counters)))) {
            assertEquals(Maintenance.Outcome.RAN, maintenance.tick());
            assertEquals(0, fx.rowsOf(ns, b));
            assertEquals(0, fx.rowsOf(ns, c));
            assertTrue(fx.queuedFiles(ns).isEmpty());
            assertEquals(80_000 - 65_536 + 70_000, counters.rowsReaped.get());
            assertEquals(2, counters.filesReaped.get());
            assertTrue(counters.reapPasses.get() >= 2, "a saturated pass chained another in the same tick");
        }
    }

    @Test
    void aPinnedFileIsSkippedAndCountedThenReapedAfterRelease() throws Exception {
        Namespace ns = fx.namespace(fx.newBucket("pinned"));
        long file = fx.queuedFile(ns, 3, Duration.ofHours(1));
        MaintenanceCounters counters = new MaintenanceCounters();
        Reaper reaper = reaper(MaintenanceFixture.config(Duration.ZERO), counters);
        try (Connection reader = fx.db.chunk().getConnection()) {
            reader.setAutoCommit(false);
            assertTrue(FileLocks.tryPinShared(reader, ns.id(), file));
            Reaper.Pass pass = pass(reaper, ns);
            assertEquals(1, pass.pinned());
            assertEquals(0, pass.rows());
            assertEquals(3, fx.rowsOf(ns, file));
            assertTrue(fx.queued(ns, file));
            reader.commit();
        }
        assertEquals(3, pass(reaper, ns).rows());
        assertFalse(fx.queued(ns, file));
        assertEquals(1, counters.pinnedSkips.get());
    }

    @Test
    void aReaderStreamingAnOverwrittenObjectPinsItsFileAndGetsTheOldBytes() throws Exception {
        String bucket = fx.newBucket("stream");
        Namespace ns = fx.namespace(bucket);
        byte[] old = Bodies.random(3 * 1024 * 1024, 1);
        fx.stores.writer.put(Bodies.spec(bucket, "k", old.length), new ByteArrayInputStream(old));
        ObjectMeta meta = fx.stores.reader.head(bucket, "k", true);
        StallingClient slow = new StallingClient();
        CompletableFuture<Void> reading = CompletableFuture.runAsync(() -> {
            try {
                fx.stores.reader.readBody(meta, null, slow);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(slow.awaitStalled());
        fx.stores.writer.put(Bodies.spec(bucket, "k", 10), new ByteArrayInputStream(new byte[10]));
        long oldFile = meta.location().fileId();
        assertTrue(fx.queued(ns, oldFile));

        MaintenanceCounters counters = new MaintenanceCounters();
        Reaper reaper = reaper(MaintenanceFixture.config(Duration.ZERO), counters);
        assertEquals(1, pass(reaper, ns).pinned(), "the reader's pin keeps the reaper off");
        assertTrue(fx.rowsOf(ns, oldFile) > 0);

        slow.resume();
        reading.get(60, TimeUnit.SECONDS);
        assertArrayEquals(old, slow.received());
        assertEquals((old.length + 8119) / 8120, pass(reaper, ns).rows());
        assertEquals(0, fx.rowsOf(ns, oldFile));
    }

    @Test
    void aQueuedFileThatIsStillReferencedFailsLoudlyAndKeepsEveryRow() throws Exception {
        String bucket = fx.newBucket("referenced");
        Namespace ns = fx.namespace(bucket);
        byte[] body = Bodies.random(200_000, 2);
        fx.stores.writer.put(Bodies.spec(bucket, "live", body.length), new ByteArrayInputStream(body));
        long live = fx.stores.reader.head(bucket, "live", false).location().fileId();
        fx.queue(ns, live, Duration.ofHours(2));
        long part = fx.newFile(ns, 4);
        long first = fx.newFile(ns, 4);
        fx.execute("INSERT INTO %s.objects (key, size, etag, sha256, file_id, parts, part_ends) VALUES ('multi', "
                + 2 * 4 * 8120 + ", '00000000000000000000000000000000-2', '\\x" + "00".repeat(32) + "', " + first
                + ", ARRAY[" + first + ", " + part + "]::int8[], ARRAY[" + 4 * 8120 + ", " + 2 * 4 * 8120 + "]::int8[])", ns);
        fx.queue(ns, part, Duration.ofHours(2));
        long uploaded = fx.newFile(ns, 2);
        fx.execute("INSERT INTO %s.uploads (upload_id, key) VALUES ('u1', 'up')", ns);
        fx.execute("INSERT INTO %s.upload_parts (upload_id, part_no, file_id, size, sha256, md5) VALUES ('u1', 1, "
                + uploaded + ", 16240, '\\x" + "00".repeat(32) + "', '\\x" + "00".repeat(16) + "')", ns);
        fx.queue(ns, uploaded, Duration.ofHours(2));
        long garbage = fx.queuedFile(ns, 6, Duration.ofHours(1));

        MaintenanceCounters counters = new MaintenanceCounters();
        Reaper.Pass pass;
        try (LogCapture log = LogCapture.of(Reaper.class)) {
            pass = pass(reaper(MaintenanceFixture.config(Duration.ZERO), counters), ns);
            assertEquals(3, log.count(Level.SEVERE), log.toString());
        }
        assertEquals(3, pass.referenced());
        assertEquals(3, counters.referencedFiles.get());
        assertTrue(counters.errors.get() >= 3);
        assertEquals((body.length + 8119) / 8120, fx.rowsOf(ns, live));
        assertEquals(4, fx.rowsOf(ns, part));
        assertEquals(2, fx.rowsOf(ns, uploaded));
        assertTrue(fx.queued(ns, live) && fx.queued(ns, part) && fx.queued(ns, uploaded), "they stay queued");
        assertEquals(6, pass.rows(), "the unreferenced file of the same pass is still reaped");
        assertEquals(0, fx.rowsOf(ns, garbage));
        assertArrayEquals(body, Bodies.read(fx.stores.reader, fx.stores.reader.head(bucket, "live", true), null));
    }
}
