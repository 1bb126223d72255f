package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.CopyConditions;
import io.pgvs3.store.api.CopyListener;
import io.pgvs3.store.api.CopySource;
import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.PartSpec;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.Multipart;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Sql;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class UploadPartCopyTest {

    private static final int MIB5 = Multipart.MIB5;

    private static Stores stores;
    private static Multipart mp;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
        mp = new Multipart(stores);
    }

    @Test
    void rangesOfSingleFileMultipartAndInlineSourcesBecomeParts() throws Exception {
        String bucket = stores.newBucket("partcopy");
        byte[] single = Bodies.random(3 * MIB5 / 2, 1);
        stores.writer.put(Bodies.spec(bucket, "single", single.length), new ByteArrayInputStream(single));
        byte[] a = Bodies.random(MIB5, 2);
        byte[] b = Bodies.compressible(MIB5 + 333);
        mp.put(bucket, "multi", a, b);
        byte[] multi = Multipart.concat(a, b);
        byte[] inline = Bodies.random(1000, 3);
        stores.writer.put(Bodies.spec(bucket, "inline", inline.length), new ByteArrayInputStream(inline));

        String id = mp.create(bucket, "t");
        List<PartInfo> parts = new ArrayList<>();
        parts.add(copy(bucket, id, 1, "single", new ByteRange(8119, 8119 + MIB5 - 1)));
        parts.add(copy(bucket, id, 2, "multi", new ByteRange(MIB5 - 4000, 2L * MIB5 - 1)));
        parts.add(copy(bucket, id, 3, "inline", null));
        byte[] expected = Multipart.concat(CopyTest.slice(single, 8119, 8119 + MIB5 - 1),
                CopyTest.slice(multi, MIB5 - 4000, 2L * MIB5 - 1), inline);
        assertEquals(HexFormat.of().formatHex(Multipart.md5(CopyTest.slice(single, 8119, 8119 + MIB5 - 1))),
                parts.get(0).etag());
        mp.complete(bucket, "t", id, parts);
        assertArrayEquals(expected, Bodies.read(stores.reader, stores.reader.head(bucket, "t", false), null));
    }

    @Test
    void aWholeSingleFileSourceIsCopiedRowByRowWithItsDigests() throws Exception {
        String from = stores.newBucket("wholesrc");
        String to = stores.newBucket("wholedst");
        byte[] body = Bodies.random(MIB5 + 10, 4);
        stores.writer.put(Bodies.spec(from, "src", body.length), new ByteArrayInputStream(body));
        String etag = stores.reader.head(from, "src", false).etag();
        String id = mp.create(to, "t");
        PartInfo part = copy(to, id, 1, from, "src", null);
        assertEquals(etag, part.etag());
        assertEquals(Sql.chunkRows(from), Sql.chunkRows(to));
        mp.complete(to, "t", id, List.of(part));
        assertArrayEquals(body, Bodies.read(stores.reader, stores.reader.head(to, "t", false), null));
    }

    @Test
    void aRangeOutsideTheSourceOrAFailedConditionIsRefused() {
        String bucket = stores.newBucket("partcopybad");
        stores.writer.put(Bodies.spec(bucket, "src", 10), new ByteArrayInputStream(new byte[10]));
        String id = mp.create(bucket, "t");
        StoreException range = assertThrows(StoreException.class, () -> copy(bucket, id, 1, "src", new ByteRange(5, 10)));
        assertEquals(StoreError.INVALID_ARGUMENT, range.error());
        assertEquals("Range specified is not valid for source object of size: 10", range.getMessage());
        // issue 21: a range that starts past the last byte names nothing of the source
        StoreException past = assertThrows(StoreException.class, () -> copy(bucket, id, 1, "src", new ByteRange(10, 20)));
        assertEquals(StoreError.INVALID_REQUEST, past.error());
        assertEquals("The specified copy range is invalid for the source object size", past.getMessage());
        assertEquals(StoreError.PRECONDITION_FAILED, assertThrows(StoreException.class, () -> stores.parts.copy(
                new PartSpec(bucket, "t", id, 1, -1, null, null),
                new CopySource(bucket, "src", new CopyConditions("\"x\"", null, null, null)), null, CopyListener.NONE))
                .error());
        assertEquals(StoreError.NO_SUCH_UPLOAD, assertThrows(StoreException.class,
                () -> copy(bucket, "nope", 1, "src", null)).error());
    }

    /** Copies into part {@code n} of upload {@code uploadId} of key "t". */
    private static PartInfo copy(String bucket, String uploadId, int n, String source, ByteRange range) {
        return copy(bucket, uploadId, n, bucket, source, range);
    }

    private static PartInfo copy(String bucket, String uploadId, int n, String sourceBucket, String source,
                                 ByteRange range) {
        return stores.parts.copy(new PartSpec(bucket, "t", uploadId, n, -1, null, null),
                new CopySource(sourceBucket, source, null), range, CopyListener.NONE);
    }
}
