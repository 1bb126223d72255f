package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.GatedStream;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Sql;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class ConcurrencyTest {

    private static final int SIZE = 2 * 1024 * 1024 + 3;

    private static Stores stores;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
    }

    @Test
    void concurrentCreateOnlyWritersOfOneKeyHaveExactlyOneWinner() throws Exception {
        String bucket = stores.newBucket("race");
        byte[] a = Bodies.random(SIZE, 31);
        byte[] b = Bodies.random(SIZE, 32);
        CyclicBarrier bothCopied = new CyclicBarrier(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Object> outcomes = new ArrayList<>();
        try {
            List<Future<PutResult>> futures = pool.invokeAll(List.<Callable<PutResult>>of(
                    () -> stores.writer.put(Bodies.spec(bucket, "k", SIZE, WriteCondition.ifNoneMatchStar()),
                            new GatedStream(a, bothCopied)),
                    () -> stores.writer.put(Bodies.spec(bucket, "k", SIZE, WriteCondition.ifNoneMatchStar()),
                            new GatedStream(b, bothCopied))));
            for (Future<PutResult> f : futures) {
                try {
                    outcomes.add(f.get());
                } catch (ExecutionException e) {
                    outcomes.add(e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        long winners = outcomes.stream().filter(o -> o instanceof PutResult).count();
        assertEquals(1, winners, "outcomes " + outcomes);
        StoreException loser = (StoreException) outcomes.stream().filter(o -> o instanceof StoreException)
                .findFirst().orElseThrow();
        assertEquals(StoreError.PRECONDITION_FAILED, loser.error());

        ObjectMeta meta = stores.reader.head(bucket, "k", false);
        byte[] stored = Bodies.read(stores.reader, meta, null);
        assertTrue(java.util.Arrays.equals(a, stored) || java.util.Arrays.equals(b, stored));
        assertEquals((SIZE + 8119) / 8120, Sql.chunkRows(bucket), "the loser left no chunk rows");
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.chunks WHERE file_id <> " + meta.location().fileId()));
    }

    @Test
    void overwriteAndDeleteQueueTheOldFilesAsGarbage() throws Exception {
        String bucket = stores.newBucket("garbage");
        stores.writer.put(Bodies.spec(bucket, "k", SIZE), new ByteArrayInputStream(Bodies.random(SIZE, 1)));
        long firstFile = stores.reader.head(bucket, "k", false).location().fileId();
        stores.writer.put(Bodies.spec(bucket, "k", SIZE), new ByteArrayInputStream(Bodies.random(SIZE, 2)));
        long secondFile = stores.reader.head(bucket, "k", false).location().fileId();
        assertTrue(secondFile > firstFile);
        assertEquals(1, Sql.count(bucket, "SELECT count(*) FROM %s.garbage WHERE file_id = " + firstFile));
        assertEquals(1, Sql.count(bucket, "SELECT count(*) FROM %s.garbage"));

        stores.writer.put(Bodies.spec(bucket, "k", 5), new ByteArrayInputStream(new byte[5]));
        assertEquals(1, Sql.count(bucket, "SELECT count(*) FROM %s.garbage WHERE file_id = " + secondFile));
        stores.writer.put(Bodies.spec(bucket, "k", 5), new ByteArrayInputStream(new byte[5]));
        assertEquals(2, Sql.count(bucket, "SELECT count(*) FROM %s.garbage"), "inline bodies leave no garbage");

        stores.writer.put(Bodies.spec(bucket, "d", SIZE), new ByteArrayInputStream(Bodies.random(SIZE, 3)));
        long deletedFile = stores.reader.head(bucket, "d", false).location().fileId();
        stores.deleter.delete(bucket, "d");
        stores.deleter.delete(bucket, "d");
        assertEquals(1, Sql.count(bucket, "SELECT count(*) FROM %s.garbage WHERE file_id = " + deletedFile));
        assertEquals(StoreError.NO_SUCH_KEY,
                assertThrows(StoreException.class, () -> stores.reader.head(bucket, "d", false)).error());
    }

    @Test
    void aReadThatStartedBeforeAnOverwriteReturnsTheOldBytes() throws Exception {
        String bucket = stores.newBucket("pinned");
        byte[] old = Bodies.compressible(SIZE);
        stores.writer.put(Bodies.spec(bucket, "k", SIZE), new ByteArrayInputStream(old));
        ObjectMeta before = stores.reader.head(bucket, "k", false);
        stores.writer.put(Bodies.spec(bucket, "k", SIZE), new ByteArrayInputStream(Bodies.random(SIZE, 9)));
        assertArrayEquals(old, Bodies.read(stores.reader, before, null));
        assertArrayEquals(java.util.Arrays.copyOfRange(old, 10_000, 20_001),
                Bodies.read(stores.reader, before, new ByteRange(10_000, 20_000)));
    }

    @Test
    void anInlineReadAfterAnOverwriteFailsRatherThanServeOtherBytes() {
        String bucket = stores.newBucket("inline-race");
        stores.writer.put(Bodies.spec(bucket, "k", 3), new ByteArrayInputStream(new byte[] {1, 2, 3}));
        ObjectMeta head = stores.reader.head(bucket, "k", false);
        stores.writer.put(Bodies.spec(bucket, "k", 3), new ByteArrayInputStream(new byte[] {4, 5, 6}));
        assertThrows(IOException.class, () -> stores.reader.readBody(head, null, new java.io.ByteArrayOutputStream()));
    }

    @Test
    void aMissingChunkRowFailsTheReadInsteadOfReturningWrongBytes() throws Exception {
        String bucket = stores.newBucket("holes");
        stores.writer.put(Bodies.spec(bucket, "k", SIZE), new ByteArrayInputStream(Bodies.random(SIZE, 4)));
        ObjectMeta meta = stores.reader.head(bucket, "k", false);
        Sql.count(bucket, "WITH d AS (DELETE FROM %s.chunks WHERE no = 3 RETURNING 1) SELECT count(*) FROM d");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        IOException e = assertThrows(IOException.class, () -> stores.reader.readBody(meta, null, out));
        assertTrue(e.getMessage().contains("row 3"), e.getMessage());
        assertEquals(0, out.size(), "a piece with a hole is withheld whole: no byte of it was written");
        // a range that avoids the hole still reads
        Bodies.read(stores.reader, meta, new ByteRange(4 * 8120, 5 * 8120));
        // the last row missing
        Sql.count(bucket, "WITH d AS (DELETE FROM %s.chunks WHERE no = " + (SIZE / 8120)
                + " RETURNING 1) SELECT count(*) FROM d");
        assertThrows(IOException.class, () -> stores.reader.readBody(meta, new ByteRange(SIZE - 10, SIZE - 1),
                new java.io.ByteArrayOutputStream()));
    }
}
