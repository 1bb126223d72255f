package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@ExtendWith(PostgresExtension.class)
class RoundTripTest {

    private static Stores stores;
    private static String bucket;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
        bucket = stores.newBucket("roundtrip");
    }

    static Stream<Arguments> bodies() {
        return Stream.of(
                Arguments.of("empty", new byte[0]),
                Arguments.of("one-byte", new byte[] {42}),
                Arguments.of("inline-max-random", Bodies.random(64 * 1024, 1)),
                Arguments.of("inline-max-compressible", Bodies.compressible(64 * 1024)),
                Arguments.of("chunked-min-random", Bodies.random(64 * 1024 + 1, 2)),
                Arguments.of("chunked-min-compressible", Bodies.compressible(64 * 1024 + 1)),
                Arguments.of("three-mib-random", Bodies.random(3 * 1024 * 1024 + 17, 3)),
                Arguments.of("three-mib-compressible", Bodies.compressible(3 * 1024 * 1024 + 17)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bodies")
    void putHeadRead(String name, byte[] body) throws Exception {
        for (long declared : new long[] {body.length, -1}) {
            String key = "rt/" + name + "/" + declared;
            byte[] md5 = MessageDigest.getInstance("MD5").digest(body);
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(body);
            PutSpec spec = new PutSpec(bucket, key, "text/plain", Map.of("b", "2", "a", "1"), WriteCondition.NONE,
                    declared, md5, sha);
            PutResult put = stores.writer.put(spec, new ByteArrayInputStream(body));
            assertEquals(HexFormat.of().formatHex(md5), put.etag());
            assertEquals(body.length, put.size());

            ObjectMeta head = stores.reader.head(bucket, key, false);
            assertEquals(body.length, head.size());
            assertEquals(put.etag(), head.etag());
            assertEquals("text/plain", head.contentType());
            assertEquals(java.util.List.of("a", "b"), java.util.List.copyOf(head.userMetadata().keySet()));
            assertEquals(put.lastModified(), head.lastModified());
            assertNull(head.location().inlineData(), "HEAD never carries a body");
            assertEquals(body.length > 64 * 1024, !head.location().isInline());
            assertEquals(head.location().isInline(), put.inline(), "the put reports where the body went");
            assertArrayEquals(body, Bodies.read(stores.reader, head, ByteRange.whole(body.length)));

            ObjectMeta get = stores.reader.head(bucket, key, true);
            if (get.location().isInline()) {
                assertArrayEquals(body, get.location().inlineData());
            }
            assertArrayEquals(body, Bodies.read(stores.reader, get, null));
        }
    }

    @Test
    void largeCompressibleBodyIsStoredCompressed() throws Exception {
        byte[] body = Bodies.compressible(1024 * 1024);
        stores.writer.put(Bodies.spec(bucket, "compressed", body.length), new ByteArrayInputStream(body));
        ObjectMeta meta = stores.reader.head(bucket, "compressed", false);
        try (Connection c = PostgresExtension.main().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT count(*), sum(octet_length(data)) FROM "
                     + schema(c) + ".chunks WHERE file_id = ?")) {
            ps.setLong(1, meta.location().fileId());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals((body.length + 8119) / 8120, rs.getLong(1));
                assertTrue(rs.getLong(2) < body.length / 4, "compressible blocks shrink: " + rs.getLong(2));
            }
        }
    }

    @Test
    void rangesCrossingRowBoundaries() {
        byte[] body = Bodies.random(5 * 8120 + 100, 9);
        stores.writer.put(Bodies.spec(bucket, "ranges", body.length), new ByteArrayInputStream(body));
        ObjectMeta meta = stores.reader.head(bucket, "ranges", false);
        long[][] ranges = {{0, 0}, {8119, 8120}, {8000, 8200}, {8120, 16239}, {100, 3 * 8120 + 5},
            {5 * 8120, 5 * 8120 + 99}, {5 * 8120 + 99, 5 * 8120 + 99}, {0, body.length - 1}, {16239, body.length - 1}};
        for (long[] r : ranges) {
            byte[] got = Bodies.read(stores.reader, meta, new ByteRange(r[0], r[1]));
            byte[] want = java.util.Arrays.copyOfRange(body, (int) r[0], (int) r[1] + 1);
            assertArrayEquals(want, got, "range " + r[0] + "-" + r[1]);
            assertArrayEquals(want, stores.reader.readSpan(meta, new ByteRange(r[0], r[1])),
                    "short span " + r[0] + "-" + r[1] + " read whole in one query");
        }
    }

    @Test
    void aShortSpanOfAReapedFileIsAChangedObjectNotWrongBytes() throws Exception {
        ObjectMeta meta = reapedRowOne("reaped");
        StoreException missing = assertThrows(StoreException.class,
                () -> stores.reader.readSpan(meta, new ByteRange(8000, 8200)));
        assertEquals(StoreError.OBJECT_CHANGED, missing.error());
        assertThrows(IllegalArgumentException.class,
                () -> stores.reader.readSpan(meta, new ByteRange(0, ObjectStore.SMALL_SPAN_MAX)));
    }

    @Test
    void aStreamedReadOfAReapedFileFailsAsAChangedObjectNotWrongBytes() throws Exception {
        ObjectMeta meta = reapedRowOne("reaped-streamed");
        IOException failed = assertThrows(IOException.class,
                () -> stores.reader.readBody(meta, ByteRange.whole(meta.size()), OutputStream.nullOutputStream()));
        StoreException cause = assertInstanceOf(StoreException.class, failed.getCause());
        assertEquals(StoreError.OBJECT_CHANGED, cause.error());
    }

    /** A chunked object whose row 1 is gone, as if its file had been reaped after its metadata was read. */
    private ObjectMeta reapedRowOne(String key) throws Exception {
        byte[] body = Bodies.random(9 * 8120, 11); // above the inline limit: a chunked file
        stores.writer.put(Bodies.spec(bucket, key, body.length), new ByteArrayInputStream(body));
        ObjectMeta meta = stores.reader.head(bucket, key, false);
        try (Connection c = PostgresExtension.main().getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM " + schema(c) + ".chunks WHERE file_id = ? AND no = 1")) {
            ps.setLong(1, meta.location().fileId());
            ps.executeUpdate();
        }
        return meta;
    }

    @Test
    void rangesOfInlineBodies() {
        byte[] body = Bodies.compressible(10_000);
        stores.writer.put(Bodies.spec(bucket, "inline-range", body.length), new ByteArrayInputStream(body));
        ObjectMeta meta = stores.reader.head(bucket, "inline-range", false);
        assertFalse(meta.location().fileId() != 0);
        assertArrayEquals(java.util.Arrays.copyOfRange(body, 123, 4567),
                Bodies.read(stores.reader, meta, new ByteRange(123, 4566)));
    }

    private String schema(Connection c) throws Exception {
        try (PreparedStatement ps = c.prepareStatement("SELECT schema_name FROM pgvs3.namespaces WHERE name = ?")) {
            ps.setString(1, bucket);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
