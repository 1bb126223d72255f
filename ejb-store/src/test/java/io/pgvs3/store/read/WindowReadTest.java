package io.pgvs3.store.read;

import io.pgvs3.store.access.Pool;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.CompleteSpec;
import io.pgvs3.store.api.CompletedPart;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PartSpec;
import io.pgvs3.store.api.UploadSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.sql.FileLocks;
import io.pgvs3.store.read.cache.ReadCache;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.StallingClient;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Windowed reads against a real PostgreSQL: exact bytes at every boundary, pins, budget, vacuum. */
@ExtendWith(PostgresExtension.class)
class WindowReadTest {

    private static final int MIB = 1 << 20;
    private static final int[] PART_SIZES = {5 * MIB + 17, 5 * MIB, 3 * MIB + 5};

    private static Stores stores;
    private static String bucket;
    private static byte[] single;
    private static byte[] multipart;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
        bucket = stores.newBucket("window");
        single = Bodies.random(20 * MIB + 3, 1);
        stores.writer.put(Bodies.spec(bucket, "single", single.length), new ByteArrayInputStream(single));
        multipart = uploadInParts("multi");
    }

    private static byte[] uploadInParts(String key) {
        String id = stores.uploads.create(new UploadSpec(bucket, key, null, Map.of(), null, null)).uploadId();
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        List<CompletedPart> listed = new ArrayList<>();
        for (int i = 0; i < PART_SIZES.length; i++) {
            byte[] part = Bodies.random(PART_SIZES[i], 10 + i);
            whole.writeBytes(part);
            String etag = stores.parts.upload(new PartSpec(bucket, key, id, i + 1, part.length, null, null, () -> null),
                    new ByteArrayInputStream(part)).etag();
            listed.add(new CompletedPart(i + 1, etag));
        }
        stores.completer.complete(new CompleteSpec(bucket, key, id, listed, WriteCondition.NONE));
        return whole.toByteArray();
    }

    @Test
    void everyRangeAcrossPiecesAndPartsReadsExactlyTheBody() {
        ObjectMeta meta = stores.reader.head(bucket, "single", false);
        for (ByteRange range : ranges(single.length, pieceEdges(single.length))) {
            assertArrayEquals(slice(single, range), Bodies.read(stores.reader, meta, range), "single " + range);
        }
        ObjectMeta parts = stores.reader.head(bucket, "multi", false);
        assertTrue(parts.location().isMultipart());
        List<Long> edges = new ArrayList<>(pieceEdges(multipart.length));
        long end = 0;
        for (int size : PART_SIZES) {
            end += size;
            edges.add(end);
        }
        for (ByteRange range : ranges(multipart.length, edges)) {
            assertArrayEquals(slice(multipart, range), Bodies.read(stores.reader, parts, range), "multipart " + range);
        }
        assertEquals(0, stores.pins.held(), "every read gave its pins back");
        assertEquals(Stores.WINDOW_BYTES, stores.window.budgetLeft(), "every piece gave its bytes back");
    }

    @Test
    void aReaderThatStopsGivesBackItsPinsAndTheNextReadIsWhole() {
        ObjectMeta meta = stores.reader.head(bucket, "single", false);
        OutputStream stopsAfterTwoMiB = new OutputStream() {
            private long written;

            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                written += len;
                if (written > 2 * MIB) {
                    throw new IOException("the client went away");
                }
            }
        };
        for (int i = 0; i < 20; i++) {
            // more stopped reads than the budget holds pieces: a leak of budget would stall the last read
            assertThrows(IOException.class, () -> stores.reader.readBody(meta, null, stopsAfterTwoMiB));
        }
        assertEquals(0, stores.pins.held());
        awaitFullBudget();
        assertArrayEquals(single, Bodies.read(stores.reader, meta, null));
    }

    /**
     * The executor's threads also run the downloads that wait for pieces: a read must never depend on a
     * queued task starting. Here no task ever starts, and the read fetches every piece itself.
     */
    @Test
    void aReadCompletesWhenNoWorkerEverStartsItsPieces() {
        List<Runnable> neverRun = new ArrayList<>();
        ReadWindow stalledWorkers = new ReadWindow(PostgresExtension.chunk(), stores.pins, neverRun::add,
                Stores.WINDOW_WORKERS, Stores.WINDOW_BYTES, new ReadCache(0, ReadWindow.CACHE_BLOCK_BYTES), 1,
                () -> false);
        ObjectReader reader = new ObjectReader(stores.access,
                stalledWorkers);
        ObjectMeta meta = reader.head(bucket, "single", false);
        // a read that waited for its workers would wait forever
        assertArrayEquals(single, assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Bodies.read(reader, meta, null)));
        assertTrue(neverRun.size() > 1, "the pieces were handed to the workers first");
        neverRun.forEach(Runnable::run); // late workers find their pieces taken and fetch nothing
        assertEquals(Stores.WINDOW_BYTES, stalledWorkers.budgetLeft());
        assertEquals(0, stores.pins.held());
    }

    @Test
    void withoutAGuardSessionReadsComeFromASnapshot() throws Exception {
        ReadPins refused = new ReadPins(() -> {
            throw new SQLException("password authentication failed", "28P01");
        });
        ReadWindow window = new ReadWindow(PostgresExtension.chunk(), refused, Runnable::run, Stores.WINDOW_WORKERS,
                Stores.WINDOW_BYTES, new ReadCache(0, ReadWindow.CACHE_BLOCK_BYTES), 1, () -> false);
        ObjectReader reader = new ObjectReader(stores.access,
                window);
        ObjectMeta meta = reader.head(bucket, "multi", false);
        assertArrayEquals(multipart, Bodies.read(reader, meta, null));
        assertEquals(0, refused.held());
    }

    /** On a standby a pin would be the standby's own lock, which the primary's reaper never sees. */
    @Test
    void aReadOnlyGatewayTakesNoPinsAndReadsFromASnapshot() throws Exception {
        ReadPins untouchable = new ReadPins(() -> {
            throw new AssertionError("a read-only gateway opened a read-pin guard session");
        });
        ReadWindow window = new ReadWindow(PostgresExtension.chunk(), untouchable, Runnable::run,
                Stores.WINDOW_WORKERS, Stores.WINDOW_BYTES, new ReadCache(0, ReadWindow.CACHE_BLOCK_BYTES), 1,
                () -> true);
        ObjectReader reader = new ObjectReader(stores.access,
                window);
        assertArrayEquals(multipart, Bodies.read(reader, reader.head(bucket, "multi", false), null));
        assertArrayEquals(single, Bodies.read(reader, reader.head(bucket, "single", false), null));
    }

    /**
     * Where pins cannot serve (here: no guard session), the workers still fetch the pieces, all in the
     * one snapshot the read's lead transaction exported: rows deleted and committed after the first piece
     * was written still arrive. Pieces fetched in autocommit, as pinned reads fetch them, would miss them.
     */
    @Test
    void aReadPinsCannotServeIsFetchedByWorkersInOneSnapshotWhileItsRowsAreDeleted() throws Exception {
        byte[] body = Bodies.random(20 * MIB + 5, 7);
        stores.writer.put(Bodies.spec(bucket, "deleted-mid-read", body.length), new ByteArrayInputStream(body));
        AtomicInteger handedToWorkers = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Executor workers = task -> {
                handedToWorkers.incrementAndGet();
                pool.execute(task);
            };
            ReadPins refused = new ReadPins(() -> {
                throw new SQLException("password authentication failed", "28P01");
            });
            ReadWindow window = new ReadWindow(PostgresExtension.chunk(), refused, workers, 4, Stores.WINDOW_BYTES,
                    new ReadCache(0, ReadWindow.CACHE_BLOCK_BYTES), 1, () -> false);
            ObjectReader reader = new ObjectReader(stores.access, window);
            ObjectMeta meta = reader.head(bucket, "deleted-mid-read", false);
            String chunks = stores.namespaces.resolve(bucket).schema() + ".chunks";
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            OutputStream deletingAfterTheFirstPiece = new OutputStream() {
                private boolean deleted;

                @Override
                public void write(int b) {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    got.write(b, off, len);
                    if (!deleted) {
                        deleted = true;
                        deleteRows(chunks, meta.location().fileId());
                    }
                }
            };
            reader.readBody(meta, null, deletingAfterTheFirstPiece);
            assertArrayEquals(body, got.toByteArray());
            assertTrue(handedToWorkers.get() > 1, "pieces handed to workers: " + handedToWorkers.get());
        } finally {
            pool.shutdownNow();
        }
    }

    private static void deleteRows(String chunks, long fileId) {
        try (Connection c = PostgresExtension.main().getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM " + chunks + " WHERE file_id = ?")) {
            ps.setLong(1, fileId);
            assertTrue(ps.executeUpdate() > 0, "the file had rows to delete");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aFileTheReaperIsDeletingIsReadFromASnapshot() throws Exception {
        ObjectMeta meta = stores.reader.head(bucket, "single", false);
        try (Connection reaper = PostgresExtension.main().getConnection()) {
            reaper.setAutoCommit(false);
            assertTrue(FileLocks.tryLockExclusive(reaper, stores.namespaces.resolve(bucket).id(),
                    meta.location().fileId()));
            assertArrayEquals(single, Bodies.read(stores.reader, meta, null));
            reaper.rollback();
        }
    }

    /**
     * A download stalled on its client holds no snapshot: VACUUM removes every dead tuple meanwhile. The
     * same check with a reader that streams from one snapshot finds them not yet removable, which proves
     * the check can fail. In a database of its own, so no other test's session holds the horizon back.
     */
    @Test
    void aStalledDownloadDoesNotHoldVacuumBack() throws Exception {
        PostgresExtension.Database db = PostgresExtension.freshStoreDatabase();
        Stores own = new Stores(db.main(), db.chunk());
        String ownBucket = own.newBucket("vacuum");
        own.writer.put(Bodies.spec(ownBucket, "k", single.length), new ByteArrayInputStream(single));
        ObjectMeta meta = own.reader.head(ownBucket, "k", false);

        assertEquals(0, deadButNotRemovableDuringStalledRead(db, own.reader, meta, true));
        ObjectReader snapshotReader = new ObjectReader(own.access, Pool.CHUNK);
        assertEquals(1000, deadButNotRemovableDuringStalledRead(db, snapshotReader, meta, false));
    }

    /**
     * Runs the VACUUM probe while the download is stalled.
     *
     * @param untilRemovable repeat the probe (30 s at most) until a run removes everything: a fetch ahead,
     *                       an autovacuum or an analyze holds a snapshot briefly, a download that held
     *                       one would keep every run at 1,000
     */
    private static long deadButNotRemovableDuringStalledRead(PostgresExtension.Database db, ObjectReader reader,
                                                             ObjectMeta meta, boolean untilRemovable)
            throws Exception {
        StallingClient stallingClient = new StallingClient();
        CompletableFuture<Void> download = CompletableFuture.runAsync(() -> {
            try {
                reader.readBody(meta, null, stallingClient);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        try (Connection c = db.main().getConnection(); Statement s = c.createStatement()) {
            assertTrue(stallingClient.awaitStalled());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            long dead = vacuumProbe(s);
            while (untilRemovable && dead > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
                dead = vacuumProbe(s);
            }
            return dead;
        } finally {
            stallingClient.resume();
            download.get(60, TimeUnit.SECONDS);
        }
    }

    /** Abandoned fetches give their budget back when they finish, on the workers' threads. */
    private static void awaitFullBudget() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (stores.window.budgetLeft() != Stores.WINDOW_BYTES) {
            assertTrue(System.nanoTime() < deadline, "budget left " + stores.window.budgetLeft());
            Thread.onSpinWait();
        }
    }

    /** 1,000 dead tuples, then VACUUM: how many of them it could not remove. */
    private static long vacuumProbe(Statement s) throws Exception {
        s.execute("DROP TABLE IF EXISTS vacuum_probe; CREATE TABLE vacuum_probe (n int)"
                + " WITH (autovacuum_enabled = off); INSERT INTO vacuum_probe SELECT generate_series(1, 1000);"
                + " DELETE FROM vacuum_probe");
        s.clearWarnings();
        s.execute("VACUUM (VERBOSE) vacuum_probe");
        return notRemovable(s.getWarnings());
    }

    private static long notRemovable(SQLWarning warnings) {
        Pattern dead = Pattern.compile("(\\d+) are dead but not yet removable");
        for (SQLWarning w = warnings; w != null; w = w.getNextWarning()) {
            Matcher m = dead.matcher(w.getMessage());
            if (m.find()) {
                return Long.parseLong(m.group(1));
            }
        }
        throw new AssertionError("VACUUM VERBOSE reported no tuple counts");
    }

    /** Piece boundaries of a whole read of {@code size} bytes, and 1 MiB steps for shorter ranges. */
    private static List<Long> pieceEdges(long size) {
        List<Long> edges = new ArrayList<>();
        for (PiecePlan.Piece piece : PiecePlan.of(List.of(new PiecePlan.FileSpan(1, RangePlan.of(size, null))))) {
            edges.add(piece.firstByte());
        }
        for (long at = MIB; at < size; at += MIB) {
            edges.add(at);
        }
        return edges;
    }

    /**
     * The whole body, 1-byte ranges at its ends and around each edge, ranges that straddle each edge,
     * and spans just over the small-span and one-piece sizes.
     */
    private static List<ByteRange> ranges(long size, List<Long> edges) {
        List<ByteRange> ranges = new ArrayList<>(List.of(new ByteRange(0, size - 1), new ByteRange(0, 0),
                new ByteRange(size - 1, size - 1), new ByteRange(7, 256 * 1024 + 7), new ByteRange(8119, 8119 + MIB + 1),
                new ByteRange(size - 3 * MIB - 11, size - 1)));
        for (long edge : edges) {
            if (edge <= 0 || edge >= size) {
                continue;
            }
            ranges.add(new ByteRange(edge - 1, edge - 1));
            ranges.add(new ByteRange(edge, edge));
            ranges.add(new ByteRange(Math.max(0, edge - MIB - 5), Math.min(size - 1, edge + 2 * MIB + 3)));
        }
        return ranges;
    }

    private static byte[] slice(byte[] body, ByteRange range) {
        return Arrays.copyOfRange(body, (int) range.first(), (int) range.last() + 1);
    }
}
