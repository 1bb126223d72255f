package io.pgvs3.store.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.read.cache.ReadCache;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.GatedPool;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Short pieces of many range reads share a query of the chunk pool once one is in flight (docs/adr/0075). */
@ExtendWith(PostgresExtension.class)
class PieceFetchesTest {

    private static final int SIZE = 300 * 1024 + 17;

    private final Stores stores = new Stores();
    /** The chunk pool, whose first session waits for the test once armed: the leader holds its group open. */
    @AutoClose
    private final GatedPool chunk = GatedPool.ofTestChunks();
    private ReadWindow window;
    private ObjectReader reader;

    @BeforeEach
    void wire() {
        window = new ReadWindow(chunk, stores.pins, Runnable::run, Stores.WINDOW_WORKERS, Stores.WINDOW_BYTES,
                new ReadCache(0, ReadWindow.CACHE_BLOCK_BYTES), 1, () -> false);
        reader = new ObjectReader(stores.access, window);
    }

    @Test
    void rangesArrivingWhileOneRunsShareOneQueryPerBucketAndEachGetsItsOwnBytes() throws Exception {
        String one = stores.newBucket("pieces-one");
        String two = stores.newBucket("pieces-two");
        byte[] a = put(one, "a");
        byte[] b = put(one, "b");
        byte[] c = put(two, "c");
        ObjectMeta metaA = reader.head(one, "a", false);
        ObjectMeta metaB = reader.head(one, "b", false);
        ObjectMeta metaC = reader.head(two, "c", false);

        Future<byte[]> leader = chunk.leadHeldOpen(() -> reader.readSpan(metaA, new ByteRange(5, 8196)));
        List<Future<?>> followers = new ArrayList<>();
        // unaligned, overlapping, a whole row, the last byte, two buckets
        Future<byte[]> b1 = chunk.follow(followers, () -> reader.readSpan(metaB, new ByteRange(8000, 24000)));
        Future<byte[]> b2 = chunk.follow(followers, () -> reader.readSpan(metaB, new ByteRange(8100, 8200)));
        Future<byte[]> a1 = chunk.follow(followers, () -> reader.readSpan(metaA, new ByteRange(SIZE - 1, SIZE - 1)));
        Future<byte[]> c1 = chunk.follow(followers, () -> reader.readSpan(metaC, new ByteRange(0, 8191)));
        Future<byte[]> c2 = chunk.follow(followers, () -> reader.readSpan(metaC, new ByteRange(100_000, 140_000)));
        int lentBefore = chunk.releaseOnceQueued(window::queuedPieces, followers.size());

        assertArrayEquals(Arrays.copyOfRange(a, 5, 8197), leader.get(30, TimeUnit.SECONDS));
        assertArrayEquals(Arrays.copyOfRange(b, 8000, 24001), b1.get(30, TimeUnit.SECONDS));
        assertArrayEquals(Arrays.copyOfRange(b, 8100, 8201), b2.get(30, TimeUnit.SECONDS));
        assertArrayEquals(Arrays.copyOfRange(a, SIZE - 1, SIZE), a1.get(30, TimeUnit.SECONDS));
        assertArrayEquals(Arrays.copyOfRange(c, 0, 8192), c1.get(30, TimeUnit.SECONDS));
        assertArrayEquals(Arrays.copyOfRange(c, 100_000, 140_001), c2.get(30, TimeUnit.SECONDS));
        assertEquals(2, chunk.lent() - lentBefore, "the followers' leader fetched them in one query per bucket");
    }

    @Test
    void aPieceWhoseRowsAreGoneFailsAloneAndTheOthersOfItsQueryGetTheirBytes() throws Exception {
        String bucket = stores.newBucket("pieces-gone");
        byte[] kept = put(bucket, "kept");
        put(bucket, "gone");
        ObjectMeta metaKept = reader.head(bucket, "kept", false);
        ObjectMeta metaGone = reader.head(bucket, "gone", false);
        deleteRows(bucket, metaGone.location().fileId());

        Future<byte[]> leader = chunk.leadHeldOpen(() -> reader.readSpan(metaKept, new ByteRange(0, 99)));
        List<Future<?>> followers = new ArrayList<>();
        Future<byte[]> gone = chunk.follow(followers, () -> reader.readSpan(metaGone, new ByteRange(9000, 9999)));
        Future<byte[]> alive = chunk.follow(followers, () -> reader.readSpan(metaKept, new ByteRange(9000, 9999)));
        int lentBefore = chunk.releaseOnceQueued(window::queuedPieces, followers.size());

        assertArrayEquals(Arrays.copyOfRange(kept, 0, 100), leader.get(30, TimeUnit.SECONDS));
        assertArrayEquals(Arrays.copyOfRange(kept, 9000, 10000), alive.get(30, TimeUnit.SECONDS));
        ExecutionException failed = assertThrows(ExecutionException.class, () -> gone.get(30, TimeUnit.SECONDS));
        StoreException changed = (StoreException) failed.getCause();
        assertEquals(StoreError.OBJECT_CHANGED, changed.error(), "read again as a changed object, as alone");
        assertEquals(1, chunk.lent() - lentBefore, "both followers were in one query");
    }

    @Test
    void aLongPieceNeverWaitsForTheGroup() throws Exception {
        String bucket = stores.newBucket("pieces-long");
        byte[] body = put(bucket, "k");
        ObjectMeta meta = reader.head(bucket, "k", false);

        Future<byte[]> held = chunk.leadHeldOpen(() -> reader.readSpan(meta, new ByteRange(0, 10)));
        int longSpan = PieceFetches.MAX_SHARED_PIECE + 1;
        assertArrayEquals(Arrays.copyOfRange(body, 1000, 1000 + longSpan),
                reader.readSpan(meta, new ByteRange(1000, 1000 + longSpan - 1)), "fetched on a session of its own");
        assertFalse(held.isDone(), "the held query is still waiting for its session");
        chunk.releaseOnceQueued(window::queuedPieces, 0);
        assertArrayEquals(Arrays.copyOfRange(body, 0, 11), held.get(30, TimeUnit.SECONDS));
        assertTrue(chunk.lent() >= 2);
    }

    private byte[] put(String bucket, String key) {
        byte[] body = Bodies.random(SIZE, key.hashCode());
        stores.writer.put(Bodies.spec(bucket, key, SIZE), new ByteArrayInputStream(body));
        return body;
    }

    private void deleteRows(String bucket, long fileId) throws Exception {
        try (Connection c = PostgresExtension.main().getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM " + stores.namespaces.resolve(bucket).schema() + ".chunks WHERE file_id = "
                    + fileId);
        }
    }
}
