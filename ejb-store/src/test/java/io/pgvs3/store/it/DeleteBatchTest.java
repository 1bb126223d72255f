package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.DeletionResult;
import io.pgvs3.store.api.ObjectDeletion;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Sql;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** DeleteObjects in the store: one transaction, set-based statements, per-key outcomes, garbage queued. */
@ExtendWith(PostgresExtension.class)
class DeleteBatchTest {

    private static final int CHUNKED = 200_000;

    private static Stores stores;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
    }

    private static PutResult put(String bucket, String key, byte[] body) {
        return stores.writer.put(Bodies.spec(bucket, key, body.length), new ByteArrayInputStream(body));
    }

    @Test
    void deletesAThousandKeysAndQueuesTheirFiles() throws Exception {
        String bucket = stores.newBucket("batch");
        List<ObjectDeletion> deletions = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            String key = String.format("k/%04d", 999 - i);
            if (i % 100 == 0) {
                put(bucket, key, Bodies.random(CHUNKED, i));
            } else if (i % 10 == 0) {
                put(bucket, key, Bodies.random(10, i));
            }
            deletions.add(ObjectDeletion.of(key));
        }
        long files = Sql.count(bucket, "SELECT count(DISTINCT file_id) FROM %s.objects WHERE file_id IS NOT NULL");
        assertEquals(10, files);

        List<DeletionResult> results = stores.deleter.deleteAll(bucket, deletions);

        assertEquals(1000, results.size());
        for (int i = 0; i < 1000; i++) {
            assertEquals(deletions.get(i).key(), results.get(i).key(), "results come back in request order");
            assertTrue(results.get(i).isDeleted(), "missing keys count as deleted, as in S3");
        }
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.objects"));
        assertEquals(files, Sql.count(bucket, "SELECT count(*) FROM %s.garbage"), "every file queued once");
    }

    @Test
    void conditionsArePerKey() {
        String bucket = stores.newBucket("cond");
        PutResult a = put(bucket, "a", Bodies.random(10, 1));
        put(bucket, "b", Bodies.random(10, 2));
        put(bucket, "c", Bodies.random(10, 3));

        List<DeletionResult> results = stores.deleter.deleteAll(bucket, List.of(
                new ObjectDeletion("a", a.etag()),
                new ObjectDeletion("b", "0123456789abcdef0123456789abcdef"),
                new ObjectDeletion("c", "*"),
                new ObjectDeletion("missing", "*"),
                new ObjectDeletion("missing-unconditional", null),
                new ObjectDeletion("a", null),
                new ObjectDeletion("", null)));

        assertEquals(6, results.size(), "one result per distinct key");
        assertTrue(results.get(0).isDeleted());
        assertEquals(StoreError.PRECONDITION_FAILED, results.get(1).error());
        assertTrue(results.get(2).isDeleted());
        assertEquals(StoreError.NO_SUCH_KEY, results.get(3).error());
        assertTrue(results.get(4).isDeleted());
        assertEquals(StoreError.INVALID_ARGUMENT, results.get(5).error());
        assertEquals("b", stores.reader.head(bucket, "b", false).key(), "the failed condition kept b");
    }

    @Test
    void singleConditionalDelete() {
        String bucket = stores.newBucket("single");
        PutResult a = put(bucket, "a", Bodies.random(10, 1));
        assertEquals(StoreError.PRECONDITION_FAILED, assertThrows(StoreException.class,
                () -> stores.deleter.delete(bucket, "a", "ffffffffffffffffffffffffffffffff")).error());
        assertEquals(StoreError.NO_SUCH_KEY, assertThrows(StoreException.class,
                () -> stores.deleter.delete(bucket, "nope", "*")).error());
        stores.deleter.delete(bucket, "nope", null);
        stores.deleter.delete(bucket, "a", a.etag());
        assertEquals(StoreError.NO_SUCH_KEY,
                assertThrows(StoreException.class, () -> stores.reader.head(bucket, "a", false)).error());
        assertEquals(StoreError.NO_SUCH_BUCKET, assertThrows(StoreException.class,
                () -> stores.deleter.deleteAll("no-such-bucket-here", List.of(ObjectDeletion.of("x")))).error());
    }

    /** Overlapping batches in opposite orders take their key locks in one order, so they never deadlock. */
    @Test
    void overlappingBatchesDoNotDeadlock() throws Exception {
        String bucket = stores.newBucket("overlap");
        List<ObjectDeletion> forward = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            forward.add(ObjectDeletion.of("k" + i));
        }
        List<ObjectDeletion> backward = new ArrayList<>(forward);
        java.util.Collections.reverse(backward);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 2; round++) {
                for (ObjectDeletion d : forward) {
                    put(bucket, d.key(), new byte[] {1});
                }
                List<CompletableFuture<List<DeletionResult>>> runs = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    List<ObjectDeletion> order = t % 2 == 0 ? forward : backward;
                    runs.add(CompletableFuture.supplyAsync(() -> stores.deleter.deleteAll(bucket, order), pool));
                }
                for (CompletableFuture<List<DeletionResult>> run : runs) {
                    assertEquals(50, run.get().size());
                }
                assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.objects"));
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
