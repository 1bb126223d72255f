package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.CompleteSpec;
import io.pgvs3.store.api.CompletedPart;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.PartPage;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.multipart.MultipartEtag;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.Multipart;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Sql;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class MultipartTest {

    private static final int MIB5 = Multipart.MIB5;

    private static Stores stores;
    private static Multipart mp;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
        mp = new Multipart(stores);
    }

    @Test
    void partsUploadedInParallelCompleteWithoutMovingBytesAndReadAcrossBoundaries() throws Exception {
        String bucket = stores.newBucket("mpu");
        byte[][] bodies = {Bodies.random(MIB5, 1), Bodies.compressible(MIB5 + 8120 * 3 + 17), Bodies.random(12_345, 3)};
        String id = mp.create(bucket, "big");
        List<PartInfo> parts = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<PartInfo>> uploads = new ArrayList<>();
            for (int n = 3; n >= 1; n--) {
                int partNumber = n;
                uploads.add(pool.submit(() -> mp.upload(bucket, "big", id, partNumber, bodies[partNumber - 1])));
            }
            for (Future<PartInfo> upload : uploads) {
                parts.add(upload.get());
            }
        } finally {
            pool.shutdown();
        }
        parts.sort(Comparator.comparingInt(PartInfo::partNumber));
        long rowsBefore = Sql.chunkRows(bucket);
        long filesBefore = Sql.lastFileId();

        PutResult done = mp.complete(bucket, "big", id, parts);

        assertEquals(rowsBefore, Sql.chunkRows(bucket), "completion moves no chunk row");
        assertEquals(filesBefore, Sql.lastFileId(), "completion allocates no file");
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.uploads"));
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.upload_parts"));
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.garbage"));
        assertEquals(MultipartEtag.of(Arrays.stream(bodies).map(Multipart::md5).toList()), done.etag());
        assertTrue(done.etag().endsWith("-3"));

        byte[] whole = Multipart.concat(bodies);
        ObjectMeta meta = stores.reader.head(bucket, "big", false);
        assertEquals(whole.length, meta.size());
        assertEquals(done.etag(), meta.etag());
        assertEquals("text/plain", meta.contentType());
        assertEquals("parts", meta.userMetadata().get("origin"));
        assertEquals(3, meta.location().partCount());
        assertEquals(new ByteRange(MIB5, 2L * MIB5 + 8120 * 3 + 16), meta.location().partRange(2, meta.size()));
        assertArrayEquals(whole, Bodies.read(stores.reader, meta, null));
        long boundary1 = MIB5;
        long boundary2 = MIB5 + bodies[1].length;
        long[][] ranges = {{boundary1 - 1, boundary1}, {boundary1 - 8200, boundary2 + 9000}, {0, boundary1 - 1},
            {boundary2, whole.length - 1}, {boundary2 - 1, boundary2 - 1}, {123, whole.length - 2}};
        for (long[] r : ranges) {
            assertArrayEquals(Arrays.copyOfRange(whole, (int) r[0], (int) r[1] + 1),
                    Bodies.read(stores.reader, meta, new ByteRange(r[0], r[1])), "range " + r[0] + "-" + r[1]);
        }
    }

    @Test
    void aPartUploadedAgainReplacesTheOldOneAndQueuesItsFile() throws Exception {
        String bucket = stores.newBucket("reupload");
        String id = mp.create(bucket, "k");
        PartInfo first = mp.upload(bucket, "k", id, 1, Bodies.random(100_000, 1));
        long firstFile = Sql.lastFileId();
        PartInfo second = mp.upload(bucket, "k", id, 1, Bodies.random(90_000, 2));
        assertEquals(1, Sql.count(bucket, "SELECT count(*) FROM %s.garbage WHERE file_id = " + firstFile));
        assertEquals(1, Sql.count(bucket, "SELECT count(*) FROM %s.upload_parts"));
        PartPage page = stores.uploads.listParts(bucket, "k", id, 0, 1000);
        assertEquals(List.of(second.etag()), page.parts().stream().map(PartInfo::etag).toList());
        assertFalse(first.etag().equals(second.etag()));
        assertEquals(90_000, page.parts().get(0).size());
    }

    /** The client lists both answers of a part it sent twice; the part uploaded last is the one completed. */
    @Test
    void aPartListedTwiceCompletesWithThePartUploadedLast() throws Exception {
        String bucket = stores.newBucket("listedtwice");
        String id = mp.create(bucket, "k");
        PartInfo earlier = mp.upload(bucket, "k", id, 1, Bodies.random(1000, 1));
        byte[] last = Bodies.random(900, 2);
        PartInfo later = mp.upload(bucket, "k", id, 1, last);
        mp.complete(bucket, "k", id, List.of(earlier, later));
        ObjectMeta meta = stores.reader.head(bucket, "k", false);
        assertEquals(900, meta.size());
        assertArrayEquals(last, Bodies.read(stores.reader, meta, null));
    }

    @Test
    void aWrongEtagIsInvalidPartAndPublishesNothing() throws Exception {
        String bucket = stores.newBucket("wrongetag");
        String id = mp.create(bucket, "k");
        PartInfo part = mp.upload(bucket, "k", id, 1, Bodies.random(1000, 1));
        StoreException e = assertThrows(StoreException.class, () -> stores.completer.complete(new CompleteSpec(bucket,
                "k", id, List.of(new CompletedPart(1, "\"0123456789abcdef0123456789abcdef\"")), WriteCondition.NONE)));
        assertEquals(StoreError.INVALID_PART, e.error());
        assertEquals(StoreError.NO_SUCH_KEY,
                assertThrows(StoreException.class, () -> stores.reader.head(bucket, "k", false)).error());
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.garbage"));
        assertEquals(1, Sql.count(bucket, "SELECT count(*) FROM %s.upload_parts"));
        mp.complete(bucket, "k", id, List.of(part));
        assertEquals(1000, stores.reader.head(bucket, "k", false).size());
    }

    @Test
    void undersizedOrUnorderedPartsAreRefusedAndTheUploadStays() throws Exception {
        String bucket = stores.newBucket("refused");
        String id = mp.create(bucket, "k");
        PartInfo small = mp.upload(bucket, "k", id, 1, Bodies.random(1000, 1));
        PartInfo last = mp.upload(bucket, "k", id, 2, Bodies.random(10, 2));
        assertEquals(StoreError.ENTITY_TOO_SMALL,
                assertThrows(StoreException.class, () -> mp.complete(bucket, "k", id, List.of(small, last))).error());
        assertEquals(StoreError.INVALID_PART_ORDER,
                assertThrows(StoreException.class, () -> mp.complete(bucket, "k", id, List.of(last, small))).error());
        assertEquals(2, stores.uploads.listParts(bucket, "k", id, 0, 1000).parts().size());
    }

    @Test
    void partsLeftOutOfTheListBecomeGarbage() throws Exception {
        String bucket = stores.newBucket("unused");
        String id = mp.create(bucket, "k");
        PartInfo one = mp.upload(bucket, "k", id, 1, Bodies.random(MIB5, 1));
        mp.upload(bucket, "k", id, 2, Bodies.random(100_000, 2));
        long unusedFile = Sql.lastFileId();
        PartInfo three = mp.upload(bucket, "k", id, 3, Bodies.random(100_000, 3));
        mp.complete(bucket, "k", id, List.of(one, three));
        assertEquals(List.of(unusedFile), garbage(bucket));
        assertEquals(MIB5 + 100_000, stores.reader.head(bucket, "k", false).size());
    }

    @Test
    void abortQueuesEveryPartAndTheUploadIsGone() throws Exception {
        String bucket = stores.newBucket("abort");
        String id = mp.create(bucket, "k");
        mp.upload(bucket, "k", id, 1, Bodies.random(70_000, 1));
        mp.upload(bucket, "k", id, 2, Bodies.random(70_000, 2));
        stores.uploads.abort(bucket, "k", id);
        assertEquals(2, garbage(bucket).size());
        assertEquals(0, Sql.count(bucket, "SELECT count(*) FROM %s.uploads"));
        for (Runnable call : List.<Runnable>of(() -> stores.uploads.abort(bucket, "k", id),
                () -> stores.uploads.listParts(bucket, "k", id, 0, 10),
                () -> mp.upload(bucket, "k", id, 3, new byte[10]))) {
            assertEquals(StoreError.NO_SUCH_UPLOAD, assertThrows(StoreException.class, call::run).error());
        }
    }

    @Test
    void anUploadBelongsToItsKey() {
        String bucket = stores.newBucket("ownkey");
        String id = mp.create(bucket, "a");
        assertEquals(StoreError.NO_SUCH_UPLOAD,
                assertThrows(StoreException.class, () -> mp.upload(bucket, "b", id, 1, new byte[1])).error());
        assertEquals(StoreError.NO_SUCH_UPLOAD, assertThrows(StoreException.class,
                () -> stores.uploads.abort(bucket, "b", id)).error());
        assertEquals(StoreError.NO_SUCH_UPLOAD, assertThrows(StoreException.class,
                () -> stores.uploads.abort(bucket, "a", id + "0")).error());
    }

    @Test
    void completionHonoursTheWriteConditionAndCanBeRetried() {
        String bucket = stores.newBucket("mpucond");
        stores.writer.put(Bodies.spec(bucket, "k", 3), new ByteArrayInputStream("old".getBytes()));
        String id = mp.create(bucket, "k");
        PartInfo part = mp.upload(bucket, "k", id, 1, Bodies.random(2000, 1));
        assertEquals(StoreError.PRECONDITION_FAILED, assertThrows(StoreException.class,
                () -> mp.complete(bucket, "k", id, List.of(part), WriteCondition.ifNoneMatchStar())).error());
        String oldEtag = stores.reader.head(bucket, "k", false).etag();
        PutResult done = mp.complete(bucket, "k", id, List.of(part), WriteCondition.ifMatch(oldEtag));
        assertEquals(done.etag(), stores.reader.head(bucket, "k", false).etag());
    }

    /** Issue 9: a client whose first Complete timed out retries it and must get the same answer. */
    @Test
    void aRetriedCompletionGetsTheFirstAnswer() {
        String bucket = stores.newBucket("mpuretry");
        String id = mp.create(bucket, "k");
        PartInfo one = mp.upload(bucket, "k", id, 1, Bodies.random(MIB5, 1));
        PartInfo two = mp.upload(bucket, "k", id, 2, Bodies.random(1000, 2));
        PutResult first = mp.complete(bucket, "k", id, List.of(one, two));
        PutResult again = mp.complete(bucket, "k", id, List.of(one, two));
        assertEquals(first.etag(), again.etag());
        assertEquals(first.size(), again.size());
        assertEquals(first.checksum(), again.checksum());
        assertEquals(StoreError.NO_SUCH_UPLOAD, assertThrows(StoreException.class,
                () -> mp.complete(bucket, "k", id, List.of(one))).error(), "another part list made another object");
    }

    @Test
    void overwritingAMultipartObjectQueuesAllItsParts() throws Exception {
        String bucket = stores.newBucket("mpuoverwrite");
        mp.put(bucket, "k", Bodies.random(MIB5, 1), Bodies.random(100, 2));
        ObjectMeta meta = stores.reader.head(bucket, "k", false);
        stores.writer.put(Bodies.spec(bucket, "k", 3), new ByteArrayInputStream("new".getBytes()));
        List<Long> expected = Arrays.stream(meta.location().parts()).boxed().sorted().toList();
        assertEquals(expected, garbage(bucket));
    }

    @Test
    void listPartsPages() {
        String bucket = stores.newBucket("listparts");
        String id = mp.create(bucket, "k");
        for (int n : new int[] {5, 1, 3, 2, 4}) {
            mp.upload(bucket, "k", id, n, new byte[n]);
        }
        PartPage first = stores.uploads.listParts(bucket, "k", id, 0, 2);
        assertEquals(List.of(1, 2), first.parts().stream().map(PartInfo::partNumber).toList());
        assertTrue(first.truncated());
        assertEquals(2, first.nextPartNumberMarker());
        PartPage second = stores.uploads.listParts(bucket, "k", id, 2, 3);
        assertEquals(List.of(3, 4, 5), second.parts().stream().map(PartInfo::partNumber).toList());
        assertFalse(second.truncated());
        assertEquals(5, second.nextPartNumberMarker());
        assertEquals(4, second.parts().get(1).size());
        assertEquals("k", second.upload().key());
        assertNull(second.upload().checksumAlgorithm());
    }

    private static List<Long> garbage(String bucket) throws Exception {
        List<Long> ids = new ArrayList<>();
        try (var c = PostgresExtension.main().getConnection(); var s = c.createStatement();
             var rs = s.executeQuery("SELECT file_id FROM " + Sql.schemaOf(bucket) + ".garbage ORDER BY file_id")) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids;
    }
}
