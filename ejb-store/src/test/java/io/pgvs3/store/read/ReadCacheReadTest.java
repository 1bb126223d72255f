package io.pgvs3.store.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.read.cache.ReadCacheSnapshot;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.CountingDataSource;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Reads through the gateway read cache against a real PostgreSQL: hits without queries, never stale, bounded. */
@ExtendWith(PostgresExtension.class)
class ReadCacheReadTest {

    private static final int MIB = 1 << 20;
    private static final int BLOCK = PieceCache.BLOCK_BYTES;

    private static CountingDataSource chunk;
    private static Stores stores;
    private static String bucket;

    @BeforeAll
    static void setUp() {
        chunk = new CountingDataSource(PostgresExtension.chunk());
        stores = new Stores(PostgresExtension.main(), chunk, 64L * MIB);
        bucket = stores.newBucket("cache");
    }

    private static byte[] put(Stores to, String key, byte[] body) {
        to.writer.put(Bodies.spec(bucket, key, body.length), new ByteArrayInputStream(body));
        return body;
    }

    @Test
    void theSecondReadIsServedFromTheCacheWithoutAChunkQuery() {
        byte[] body = put(stores, "hot", Bodies.random(5 * MIB + 123, 3));
        ObjectMeta meta = stores.reader.head(bucket, "hot", false);
        long before = chunk.taken();
        assertArrayEquals(body, Bodies.read(stores.reader, meta, null));
        assertTrue(chunk.taken() > before, "the first read queries");
        ReadCacheSnapshot filled = stores.cache.snapshot();

        before = chunk.taken();
        assertArrayEquals(body, Bodies.read(stores.reader, meta, null));
        assertEquals(before, chunk.taken(), "the second read takes no chunk connection");
        assertEquals(filled.hitBytes() + body.length, stores.cache.snapshot().hitBytes());
        assertEquals(0, stores.pins.held());
    }

    @Test
    void rangesOfACachedObjectAreExactAndQueryNothing() {
        byte[] body = put(stores, "ranges", Bodies.compressible(3 * MIB + 5)); // stored rows are Zstd blocks
        ObjectMeta meta = stores.reader.head(bucket, "ranges", false);
        assertArrayEquals(body, Bodies.read(stores.reader, meta, null));
        long before = chunk.taken();
        List<ByteRange> ranges = List.of(new ByteRange(0, 0), new ByteRange(body.length - 1, body.length - 1),
                new ByteRange(BLOCK - 1, BLOCK), new ByteRange(BLOCK, 2L * BLOCK - 1),
                new ByteRange(7, 2L * MIB + 11), new ByteRange(BLOCK + 3, body.length - 1));
        for (ByteRange range : ranges) {
            assertArrayEquals(slice(body, range), Bodies.read(stores.reader, meta, range), "readBody " + range);
        }
        ByteRange small = new ByteRange(body.length - 70_000, body.length - 1);
        assertArrayEquals(slice(body, small), stores.reader.readSpan(meta, small), "readSpan (a footer)");
        assertEquals(before, chunk.taken());
    }

    @Test
    void aPartlyCachedSpanServesItsCachedPiecesInOrderAndQueriesTheRest() {
        byte[] body = put(stores, "partly", Bodies.random(6 * MIB + 9, 8));
        ObjectMeta meta = stores.reader.head(bucket, "partly", false);
        ByteRange head = new ByteRange(0, 8L * BLOCK - 1); // two pieces of whole blocks
        assertArrayEquals(slice(body, head), Bodies.read(stores.reader, meta, head));
        long hits = stores.cache.snapshot().hitBytes();
        long before = chunk.taken();
        assertArrayEquals(body, Bodies.read(stores.reader, meta, null));
        assertEquals(hits + 8L * BLOCK, stores.cache.snapshot().hitBytes(), "the first two pieces from the cache");
        assertTrue(chunk.taken() > before, "the rest queried");
        assertEquals(0, stores.pins.held());
        assertEquals(Stores.WINDOW_BYTES, stores.window.budgetLeft(), "every fetched piece gave its bytes back");
    }

    @Test
    void anOverwrittenObjectIsReadWithItsNewBytes() {
        put(stores, "replaced", Bodies.random(2 * MIB + 7, 4));
        ObjectMeta old = stores.reader.head(bucket, "replaced", false);
        Bodies.read(stores.reader, old, null); // cached
        byte[] fresh = put(stores, "replaced", Bodies.random(2 * MIB + 7, 5));
        ObjectMeta meta = stores.reader.head(bucket, "replaced", false);
        assertNotEquals(old.location().fileId(), meta.location().fileId());
        assertArrayEquals(fresh, Bodies.read(stores.reader, meta, null));
        assertArrayEquals(fresh, Bodies.read(stores.reader, meta, null), "and again, from the cache");
        assertArrayEquals(Arrays.copyOf(fresh, 1000), stores.reader.readSpan(meta, new ByteRange(0, 999)));
    }

    @Test
    void aRecreatedBucketIsNeverServedTheOldBucketsBlocks() {
        String name = stores.newBucket("recreated");
        byte[] first = Bodies.random(MIB + 1, 6);
        stores.writer.put(Bodies.spec(name, "k", first.length), new ByteArrayInputStream(first));
        ObjectMeta before = stores.reader.head(name, "k", false);
        Bodies.read(stores.reader, before, null);
        long oid = stores.namespaces.resolve(name).objectsOid();
        assertTrue(oid != 0);
        stores.deleter.delete(name, "k", null);
        stores.buckets.delete(name);
        stores.buckets.create(name);
        assertNotEquals(oid, stores.namespaces.resolve(name).objectsOid(), "a new objects table, a new key");
        byte[] second = Bodies.random(MIB + 1, 7);
        stores.writer.put(Bodies.spec(name, "k", second.length), new ByteArrayInputStream(second));
        assertArrayEquals(second, Bodies.read(stores.reader, stores.reader.head(name, "k", false), null));
    }

    @Test
    void cachedBytesStayWithinTheBudgetOverManyObjects() {
        long budget = 4L * MIB;
        CountingDataSource counted = new CountingDataSource(PostgresExtension.chunk());
        Stores small = new Stores(PostgresExtension.main(), counted, budget);
        for (int i = 0; i < 12; i++) {
            byte[] body = put(small, "many-" + i, Bodies.random(MIB + 100 * i, 100 + i));
            ObjectMeta meta = small.reader.head(bucket, "many-" + i, false);
            assertArrayEquals(body, Bodies.read(small.reader, meta, null));
            assertArrayEquals(body, Bodies.read(small.reader, meta, null));
            assertTrue(small.cache.snapshot().bytes() <= budget, "after object " + i);
        }
        ReadCacheSnapshot after = small.cache.snapshot();
        assertTrue(after.evictions() > 0);
        assertTrue(after.bytes() > budget / 2, "the cache is used: " + after.bytes());
        assertTrue(after.hitBytes() > 0 && after.missBytes() > 0, after.toString());
    }

    private static byte[] slice(byte[] body, ByteRange range) {
        return Arrays.copyOfRange(body, (int) range.first(), (int) range.last() + 1);
    }
}
