package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.store.api.CopyConditions;
import io.pgvs3.store.api.CopyListener;
import io.pgvs3.store.api.CopySource;
import io.pgvs3.store.api.CopySpec;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.Multipart;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Sql;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** CopyObject: shared files within a bucket, copied rows across buckets, and the garbage rule that sharing needs. */
@ExtendWith(PostgresExtension.class)
class CopyTest {

    private static final int CHUNKED = 300_000;

    private static Stores stores;
    private static Multipart mp;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
        mp = new Multipart(stores);
    }

    /** Issue 9: CopyObject with x-amz-checksum-algorithm silently kept the source's old checksum. */
    @Test
    void aRequestedChecksumAlgorithmIsComputedForTheCopy() {
        String bucket = stores.newBucket("copyck");
        byte[] body = Bodies.random(CHUNKED, 21);
        stores.writer.put(Bodies.spec(bucket, "src", body.length), new ByteArrayInputStream(body));
        PutResult copy = copy(new CopySpec(new CopySource(bucket, "src", null), bucket, "dst", false,
                null, null, WriteCondition.NONE, ChecksumAlgorithm.SHA256));
        ObjectChecksum expected = ObjectChecksum.fullObject(ChecksumAlgorithm.SHA256, ChecksumAlgorithm.SHA256.digest(body));
        assertEquals(expected, copy.checksum());
        assertEquals(expected, stores.reader.head(bucket, "dst", false).checksum());
        assertNull(stores.reader.head(bucket, "src", false).checksum(), "the source keeps its own (none)");
    }

    @Test
    void aCopyWithinABucketSharesTheSourceFile() throws Exception {
        String bucket = stores.newBucket("share");
        byte[] body = Bodies.random(CHUNKED, 1);
        put(bucket, "src", body, "text/plain", Map.of("a", "1"));
        long rows = Sql.chunkRows(bucket);
        long files = Sql.lastFileId();

        PutResult copy = copy(spec(bucket, "src", bucket, "dst", null));

        ObjectMeta src = stores.reader.head(bucket, "src", false);
        ObjectMeta dst = stores.reader.head(bucket, "dst", false);
        assertEquals(src.location().fileId(), dst.location().fileId());
        assertEquals(rows, Sql.chunkRows(bucket));
        assertEquals(files, Sql.lastFileId());
        assertEquals(src.etag(), copy.etag());
        assertEquals("text/plain", dst.contentType());
        assertEquals(Map.of("a", "1"), dst.userMetadata());
        assertArrayEquals(body, Bodies.read(stores.reader, dst, null));
    }

    @Test
    void aSharedFileBecomesGarbageOnlyWithItsLastReference() throws Exception {
        String bucket = stores.newBucket("lastref");
        put(bucket, "src", Bodies.random(CHUNKED, 2), null, Map.of());
        long file = stores.reader.head(bucket, "src", false).location().fileId();
        copy(spec(bucket, "src", bucket, "copy1", null));
        copy(spec(bucket, "copy1", bucket, "copy2", null));

        stores.deleter.delete(bucket, "src");
        stores.writer.put(Bodies.spec(bucket, "copy1", 2), new ByteArrayInputStream("hi".getBytes()));
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.garbage"));
        assertEquals(CHUNKED, Bodies.read(stores.reader, stores.reader.head(bucket, "copy2", false), null).length);

        stores.deleter.delete(bucket, "copy2");
        assertEquals(1, Sql.count(bucket, "SELECT count(*) FROM %s.garbage WHERE file_id = " + file));
    }

    @Test
    void aCopiedMultipartObjectSharesItsPartsAndKeepsThemAlive() throws Exception {
        String bucket = stores.newBucket("shareparts");
        byte[] a = Bodies.random(Multipart.MIB5, 3);
        byte[] b = Bodies.random(5000, 4);
        mp.put(bucket, "src", a, b);
        copy(spec(bucket, "src", bucket, "dst", null));
        ObjectMeta src = stores.reader.head(bucket, "src", false);
        ObjectMeta dst = stores.reader.head(bucket, "dst", false);
        assertArrayEquals(src.location().parts(), dst.location().parts());
        assertEquals(src.etag(), dst.etag());
        stores.deleter.delete(bucket, "src");
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.garbage"));
        assertArrayEquals(Multipart.concat(a, b), Bodies.read(stores.reader, dst, null));
        stores.deleter.delete(bucket, "dst");
        assertEquals(2, Sql.count(bucket, "SELECT count(*) FROM %s.garbage"));
    }

    @Test
    void aCopyAcrossBucketsCopiesTheRowsInsidePostgres() throws Exception {
        String from = stores.newBucket("across-src");
        String to = stores.newBucket("across-dst");
        byte[] single = Bodies.compressible(CHUNKED);
        put(from, "single", single, null, Map.of());
        byte[] a = Bodies.random(Multipart.MIB5, 5);
        byte[] b = Bodies.random(9000, 6);
        mp.put(from, "multi", a, b);
        byte[] small = "inline body".getBytes();
        put(from, "small", small, null, Map.of());

        for (String key : new String[] {"single", "multi", "small"}) {
            copy(spec(from, key, to, key, null));
        }
        assertEquals(Sql.chunkRows(from), Sql.chunkRows(to));
        ObjectMeta source = stores.reader.head(from, "single", false);
        ObjectMeta copy = stores.reader.head(to, "single", false);
        assertNotEquals(source.location().fileId(), copy.location().fileId());
        assertArrayEquals(single, Bodies.read(stores.reader, copy, null));
        ObjectMeta multi = stores.reader.head(to, "multi", false);
        assertEquals(2, multi.location().partCount());
        assertEquals(stores.reader.head(from, "multi", false).etag(), multi.etag());
        assertArrayEquals(Multipart.concat(a, b), Bodies.read(stores.reader, multi, null));
        assertArrayEquals(small, Bodies.read(stores.reader, stores.reader.head(to, "small", false), null));

        stores.deleter.delete(from, "single");
        stores.deleter.delete(from, "multi");
        assertArrayEquals(single, Bodies.read(stores.reader, copy, null), "the copy owns its rows");
    }

    @Test
    void replaceTakesTheRequestMetadataAndCopyKeepsTheSource() {
        String bucket = stores.newBucket("directive");
        put(bucket, "src", "x".getBytes(), "text/plain", Map.of("a", "1"));
        copy(new CopySpec(new CopySource(bucket, "src", null), bucket, "replaced", true, "image/png",
                Map.of("b", "2"), WriteCondition.NONE));
        ObjectMeta replaced = stores.reader.head(bucket, "replaced", false);
        assertEquals("image/png", replaced.contentType());
        assertEquals(Map.of("b", "2"), replaced.userMetadata());
        copy(new CopySpec(new CopySource(bucket, "src", null), bucket, "kept", false, "image/png",
                Map.of("b", "2"), WriteCondition.NONE));
        assertEquals(Map.of("a", "1"), stores.reader.head(bucket, "kept", false).userMetadata());
    }

    @Test
    void copyingAnObjectOntoItselfWithNewMetadataKeepsItsFile() throws Exception {
        String bucket = stores.newBucket("self");
        byte[] body = Bodies.random(CHUNKED, 7);
        put(bucket, "k", body, "text/plain", Map.of());
        long file = stores.reader.head(bucket, "k", false).location().fileId();
        copy(new CopySpec(new CopySource(bucket, "k", null), bucket, "k", true, "text/csv", Map.of(),
                WriteCondition.NONE));
        ObjectMeta meta = stores.reader.head(bucket, "k", false);
        assertEquals("text/csv", meta.contentType());
        assertEquals(file, meta.location().fileId());
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.garbage"));
        assertArrayEquals(body, Bodies.read(stores.reader, meta, null));
    }

    @Test
    void sourceConditionsAndMissingSources() {
        String bucket = stores.newBucket("copycond");
        put(bucket, "src", "x".getBytes(), null, Map.of());
        String etag = stores.reader.head(bucket, "src", false).etag();
        assertEquals(StoreError.PRECONDITION_FAILED, assertThrows(StoreException.class, () -> copy(
                spec(bucket, "src", bucket, "d", new CopyConditions("\"nope\"", null, null, null)))).error());
        assertEquals(StoreError.PRECONDITION_FAILED, assertThrows(StoreException.class, () -> copy(
                spec(bucket, "src", bucket, "d", new CopyConditions(null, etag, null, null)))).error());
        assertEquals(StoreError.PRECONDITION_FAILED, assertThrows(StoreException.class, () -> copy(
                spec(bucket, "src", bucket, "d", new CopyConditions(null, null, Instant.now().plusSeconds(60), null))))
                .error());
        copy(spec(bucket, "src", bucket, "d", new CopyConditions(etag, null, null, null)));
        assertEquals(StoreError.NO_SUCH_KEY, assertThrows(StoreException.class,
                () -> copy(spec(bucket, "missing", bucket, "d", null))).error());
        assertEquals(StoreError.NO_SUCH_BUCKET, assertThrows(StoreException.class,
                () -> copy(spec("no-such-bucket-x", "src", bucket, "d", null))).error());
        assertEquals(StoreError.PRECONDITION_FAILED, assertThrows(StoreException.class, () -> copy(
                new CopySpec(new CopySource(bucket, "src", null), bucket, "d", false, null, Map.of(),
                        WriteCondition.ifNoneMatchStar()))).error());
    }

    /** Issue 8: the gateway commits to 200 only once the store says every up-front check has passed. */
    @Test
    void theListenerHearsOnlyCopiesThatPassedTheirChecksAndMoveBytes() {
        String from = stores.newBucket("listen-src");
        String to = stores.newBucket("listen-dst");
        put(from, "src", Bodies.random(CHUNKED, 22), null, Map.of());
        int[] told = new int[1];
        CopyListener counting = () -> told[0]++;
        stores.copier.copy(spec(from, "src", from, "within", null), counting);
        assertEquals(0, told[0], "a copy within a bucket moves no bytes");
        assertThrows(StoreException.class, () -> stores.copier.copy(
                spec(from, "src", to, "d", new CopyConditions("\"nope\"", null, null, null)), counting));
        assertThrows(StoreException.class, () -> stores.copier.copy(spec(from, "missing", to, "d", null), counting));
        assertThrows(StoreException.class, () -> stores.copier.copy(spec(from, "src", "no-such-bucket-y", "d", null),
                counting));
        assertEquals(0, told[0], "refused copies are refused before the listener hears");
        stores.copier.copy(spec(from, "src", to, "d", null), counting);
        assertEquals(1, told[0]);
        for (WriteCondition lost : new WriteCondition[] {WriteCondition.ifNoneMatchStar(), WriteCondition.ifMatch("nope"),
                WriteCondition.ifNoneMatch(stores.reader.head(to, "d", false).etag())}) {
            assertEquals(StoreError.PRECONDITION_FAILED, assertThrows(StoreException.class, () -> stores.copier.copy(
                    new CopySpec(new CopySource(from, "src", null), to, "d", false, null, null, lost), counting)).error());
        }
        assertEquals(StoreError.NO_SUCH_KEY, assertThrows(StoreException.class, () -> stores.copier.copy(
                new CopySpec(new CopySource(from, "src", null), to, "absent", false, null, null,
                        WriteCondition.ifMatch(WriteCondition.ANY)), counting)).error());
        assertEquals(StoreError.PRECONDITION_FAILED, assertThrows(StoreException.class, () -> stores.copier.copy(
                new CopySpec(new CopySource(from, "src", null), to, "d", false, null, null,
                        WriteCondition.ifNoneMatchStar(), ChecksumAlgorithm.SHA256), counting)).error());
        assertEquals(1, told[0], "a target condition that fails now fails before any byte moves");
        stores.copier.copy(new CopySpec(new CopySource(from, "src", null), to, "d", false, null, null,
                WriteCondition.ifMatch(stores.reader.head(to, "d", false).etag())), counting);
        assertEquals(2, told[0]);
        assertThrows(StoreException.class, () -> stores.copier.copy(new CopySpec(new CopySource(from, "src",
                new CopyConditions("\"nope\"", null, null, null)), from, "ck", false, null, null, WriteCondition.NONE,
                ChecksumAlgorithm.SHA256), counting));
        stores.copier.copy(new CopySpec(new CopySource(from, "src", null), from, "ck", false, null, null,
                WriteCondition.NONE, ChecksumAlgorithm.SHA256), counting);
        assertEquals(3, told[0], "reading the source for a new checksum moves bytes too");
    }

    private static PutResult copy(CopySpec spec) {
        return stores.copier.copy(spec, CopyListener.NONE);
    }

    private static CopySpec spec(String fromBucket, String fromKey, String bucket, String key, CopyConditions cond) {
        return new CopySpec(new CopySource(fromBucket, fromKey, cond), bucket, key, false, null, Map.of(),
                WriteCondition.NONE);
    }

    private static void put(String bucket, String key, byte[] body, String type, Map<String, String> metadata) {
        stores.writer.put(new PutSpec(bucket, key, type, metadata, WriteCondition.NONE, body.length, null, null),
                new ByteArrayInputStream(body));
    }

    static byte[] slice(byte[] body, long first, long last) {
        return Arrays.copyOfRange(body, (int) first, (int) last + 1);
    }
}
