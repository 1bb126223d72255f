package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.FailingStream;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Sql;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@ExtendWith(PostgresExtension.class)
class WriteSemanticsTest {

    private static final int CHUNKED = 1024 * 1024 + 77;

    private static Stores stores;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
    }

    @ParameterizedTest(name = "declared {0}")
    @ValueSource(longs = {CHUNKED, -1})
    void interruptedWritePublishesNothingAndKeepsTheOldObject(long declared) throws Exception {
        String bucket = stores.newBucket("interrupt");
        byte[] old = Bodies.random(CHUNKED, 11);
        PutResult before = put(bucket, "k", old);
        long rowsBefore = Sql.chunkRows(bucket);

        byte[] next = Bodies.random(CHUNKED, 12);
        StoreException e = assertThrows(StoreException.class, () -> stores.writer.put(Bodies.spec(bucket, "k", declared),
                new FailingStream(next, 600_000, () -> new IOException("client went away"))));
        assertEquals(StoreError.INCOMPLETE_BODY, e.error());
        assertTrue(e.getCause() instanceof IOException);

        assertEquals(rowsBefore, Sql.chunkRows(bucket), "the interrupted COPY left no rows");
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.chunks WHERE file_id = " + Sql.lastFileId()));
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.garbage"));
        ObjectMeta meta = stores.reader.head(bucket, "k", false);
        assertEquals(before.etag(), meta.etag());
        assertArrayEquals(old, Bodies.read(stores.reader, meta, null));
    }

    @Test
    void runtimeExceptionFromTheBodyPropagatesUnchanged() throws Exception {
        String bucket = stores.newBucket("runtime");
        IllegalStateException signature = new IllegalStateException("bad chunk signature");
        for (int limit : new int[] {10, 300_000}) {
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> stores.writer.put(
                    Bodies.spec(bucket, "k", -1), new FailingStream(Bodies.random(CHUNKED, 1), limit, () -> signature)));
            assertSame(signature, thrown);
        }
        assertEquals(0, Sql.chunkRows(bucket));
        assertEquals(StoreError.NO_SUCH_KEY,
                assertThrows(StoreException.class, () -> stores.reader.head(bucket, "k", false)).error());
    }

    @Test
    void lengthAndDigestChecksRejectTheBodyAndKeepTheOldObject() throws Exception {
        String bucket = stores.newBucket("digests");
        for (int size : new int[] {100, CHUNKED}) {
            byte[] old = Bodies.random(size, 21);
            PutResult before = put(bucket, "k" + size, old);
            byte[] next = Bodies.random(size, 22);
            assertRejected(StoreError.INCOMPLETE_BODY, spec(bucket, "k" + size, size + 1, null, null), next);
            assertRejected(StoreError.INCOMPLETE_BODY, spec(bucket, "k" + size, size - 1, null, null), next);
            assertRejected(StoreError.BAD_DIGEST, spec(bucket, "k" + size, size, new byte[16], null), next);
            assertRejected(StoreError.SHA256_MISMATCH, spec(bucket, "k" + size, size, null, new byte[32]), next);
            ObjectMeta meta = stores.reader.head(bucket, "k" + size, false);
            assertEquals(before.etag(), meta.etag());
            assertArrayEquals(old, Bodies.read(stores.reader, meta, null));
        }
        assertEquals((CHUNKED + 8119) / 8120, Sql.chunkRows(bucket), "only the first object's rows remain");
    }

    @Test
    void ifMatchAndCreateOnlyAreDecidedAtPublication() {
        String bucket = stores.newBucket("conditions");
        byte[] body = Bodies.random(CHUNKED, 5);
        PutResult first = stores.writer.put(Bodies.spec(bucket, "k", -1, WriteCondition.ifNoneMatchStar()),
                new ByteArrayInputStream(body));
        assertRejected(StoreError.PRECONDITION_FAILED, Bodies.spec(bucket, "k", -1, WriteCondition.ifNoneMatchStar()),
                new byte[10]);
        assertRejected(StoreError.PRECONDITION_FAILED,
                Bodies.spec(bucket, "k", -1, WriteCondition.ifMatch("0123456789abcdef0123456789abcdef")), body);
        // S3 answers If-Match on a missing key 404 NoSuchKey (this asserted 412 before issue 9)
        assertRejected(StoreError.NO_SUCH_KEY, Bodies.spec(bucket, "absent", -1,
                WriteCondition.ifMatch(first.etag())), body);
        PutResult second = stores.writer.put(Bodies.spec(bucket, "k", -1, WriteCondition.ifMatch(first.etag())),
                new ByteArrayInputStream(new byte[] {1, 2, 3}));
        assertEquals(3, stores.reader.head(bucket, "k", false).size());
        assertEquals(second.etag(), stores.reader.head(bucket, "k", false).etag());
    }

    @Test
    void ifMatchAnyAndIfNoneMatchAnEtagAreDecidedAtPublication() {
        String bucket = stores.newBucket("etag-conditions");
        byte[] small = {1, 2, 3};
        assertRejected(StoreError.NO_SUCH_KEY, Bodies.spec(bucket, "k", -1, WriteCondition.ifMatch(WriteCondition.ANY)),
                small);
        PutResult created = stores.writer.put(Bodies.spec(bucket, "k", -1, WriteCondition.ifNoneMatch(
                "0123456789abcdef0123456789abcdef")), new ByteArrayInputStream(small));
        assertRejected(StoreError.PRECONDITION_FAILED,
                Bodies.spec(bucket, "k", -1, WriteCondition.ifNoneMatch(created.etag())), Bodies.random(CHUNKED, 6));
        PutResult replaced = stores.writer.put(Bodies.spec(bucket, "k", -1, WriteCondition.ifMatch(WriteCondition.ANY)),
                new ByteArrayInputStream(Bodies.random(CHUNKED, 7)));
        assertEquals(replaced.etag(), stores.reader.head(bucket, "k", false).etag());
        PutResult again = stores.writer.put(Bodies.spec(bucket, "k", -1, WriteCondition.ifNoneMatch(created.etag())),
                new ByteArrayInputStream(small));
        assertEquals(created.etag(), again.etag(), "another ETag than the current one: written");
    }

    @Test
    void missingBucketIsNoSuchBucket() {
        String bucket = PostgresExtension.uniqueBucket("never-created");
        assertRejected(StoreError.NO_SUCH_BUCKET, Bodies.spec(bucket, "k", -1), new byte[10]);
        assertRejected(StoreError.NO_SUCH_BUCKET, Bodies.spec(bucket, "k", -1), Bodies.random(CHUNKED, 1));
        assertEquals(StoreError.NO_SUCH_BUCKET,
                assertThrows(StoreException.class, () -> stores.reader.head(bucket, "k", false)).error());
        assertEquals(StoreError.NO_SUCH_BUCKET,
                assertThrows(StoreException.class, () -> stores.deleter.delete(bucket, "k")).error());
    }

    @Test
    void invalidKeysAreRefused() {
        String bucket = stores.newBucket("keys");
        assertRejected(StoreError.INVALID_ARGUMENT, Bodies.spec(bucket, "", -1), new byte[1]);
        assertRejected(StoreError.INVALID_ARGUMENT, Bodies.spec(bucket, "x".repeat(1025), -1), new byte[1]);
        assertRejected(StoreError.INVALID_ARGUMENT, Bodies.spec(bucket, "nul\0key", -1), new byte[1]);
        put(bucket, "x".repeat(1024), new byte[1]);
    }

    @Test
    void metadataIsStoredSortedAndContentTypeDefaults() {
        String bucket = stores.newBucket("meta");
        stores.writer.put(new PutSpec(bucket, "k", null, Map.of("zeta", "z", "alpha", "a", "mid", ""),
                WriteCondition.NONE, 1, null, null), new ByteArrayInputStream(new byte[1]));
        ObjectMeta meta = stores.reader.head(bucket, "k", false);
        assertEquals("application/octet-stream", meta.contentType());
        assertEquals(java.util.List.of("alpha", "mid", "zeta"), java.util.List.copyOf(meta.userMetadata().keySet()));
        assertEquals("", meta.userMetadata().get("mid"));
    }

    private static PutResult put(String bucket, String key, byte[] body) {
        return stores.writer.put(Bodies.spec(bucket, key, body.length), new ByteArrayInputStream(body));
    }

    private static PutSpec spec(String bucket, String key, long declared, byte[] md5, byte[] sha) {
        return new PutSpec(bucket, key, null, Map.of(), WriteCondition.NONE, declared, md5, sha);
    }

    private static void assertRejected(StoreError expected, PutSpec spec, byte[] body) {
        StoreException e = assertThrows(StoreException.class, () -> stores.writer.put(spec, new ByteArrayInputStream(body)));
        assertEquals(expected, e.error(), e.getMessage());
    }
}
