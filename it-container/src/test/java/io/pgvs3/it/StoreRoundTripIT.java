package io.pgvs3.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.BucketStore;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * A bucket and a chunked object through the injected store beans, and through the object store's plain
 * object as the S3 handlers call it (docs/adr/0056).
 */
@InLiberty
class StoreRoundTripIT {

    /** Logical bytes per chunks row. */
    private static final int ROW = 8120;
    private static final String KEY = "dir/three-mebibytes.bin";

    @Deployment
    static WebArchive deployment() {
        return Deployments.store(StoreRoundTripIT.class);
    }

    @EJB
    private BucketStore buckets;

    @EJB
    private ObjectStore objects;

    @Resource(lookup = "jdbc/pgvs3/main")
    private DataSource main;

    @Test
    void putHeadRangeOverwriteDeleteThroughTheBean() throws Exception {
        roundTrip(objects, "arq-round-trip");
    }

    @Test
    void putHeadRangeOverwriteDeleteThroughThePlainObject() throws Exception {
        roundTrip(objects.direct(), "arq-round-trip-plain");
    }

    private void roundTrip(ObjectStore store, String bucket) throws Exception {
        assertTrue(buckets.create(bucket), "the bucket already existed");
        assertTrue(buckets.exists(bucket));
        String schema = schemaOf(bucket);

        byte[] body = bytes(3 * 1024 * 1024, 1);
        PutResult put = store.put(spec(bucket, body), new ByteArrayInputStream(body));
        assertEquals(md5Hex(body), put.etag());
        assertEquals(body.length, put.size());

        ObjectMeta meta = store.head(bucket, KEY, false);
        assertEquals(body.length, meta.size());
        assertEquals(md5Hex(body), meta.etag());
        assertEquals("application/octet-stream", meta.contentType());
        assertEquals(Map.of("origin", "arquillian"), meta.userMetadata());
        assertFalse(meta.location().isInline(), "3 MiB must be a chunked file");
        long firstFile = meta.location().fileId();

        // within one row, across one row boundary, across many, and the tail
        assertRange(store, meta, body, 10, 99);
        assertRange(store, meta, body, 3L * ROW - 100, 3L * ROW + 99);
        assertRange(store, meta, body, ROW - 1, 40L * ROW + 17);
        assertRange(store, meta, body, body.length - 5000, body.length - 1);
        assertRange(store, meta, body, 0, body.length - 1);

        byte[] second = bytes(200_000, 2);
        PutResult overwrite = store.put(spec(bucket, second), new ByteArrayInputStream(second));
        assertEquals(md5Hex(second), overwrite.etag());
        ObjectMeta newMeta = store.head(bucket, KEY, false);
        assertEquals(second.length, newMeta.size());
        long secondFile = newMeta.location().fileId();
        assertNotEquals(firstFile, secondFile, "an overwrite must publish a new file");
        assertEquals(1, count("SELECT count(*) FROM " + schema + ".garbage WHERE file_id = ?", firstFile),
                "the overwritten file is not queued as garbage");
        assertRange(store, newMeta, second, 0, second.length - 1);

        store.delete(bucket, KEY);
        StoreException gone = assertThrows(StoreException.class, () -> store.head(bucket, KEY, false));
        assertEquals(StoreError.NO_SUCH_KEY, gone.error());
        assertEquals(1, count("SELECT count(*) FROM " + schema + ".garbage WHERE file_id = ?", secondFile),
                "the deleted object's file is not queued as garbage");

        buckets.delete(bucket);
        assertFalse(buckets.exists(bucket));
        assertEquals(0, count("SELECT count(*) FROM pg_namespace WHERE nspname = ?", schema),
                "the bucket's schema was not dropped");
        StoreException noBucket = assertThrows(StoreException.class, () -> store.head(bucket, KEY, false));
        assertEquals(StoreError.NO_SUCH_BUCKET, noBucket.error());
    }

    private static PutSpec spec(String bucket, byte[] body) throws Exception {
        return new PutSpec(bucket, KEY, "application/octet-stream", Map.of("origin", "arquillian"),
                WriteCondition.NONE, body.length, MessageDigest.getInstance("MD5").digest(body), null);
    }

    private static void assertRange(ObjectStore store, ObjectMeta meta, byte[] body, long first, long last) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        store.readBody(meta, new ByteRange(first, last), out);
        byte[] expected = Arrays.copyOfRange(body, (int) first, (int) last + 1);
        byte[] actual = out.toByteArray();
        assertEquals(expected.length, actual.length, "length of range " + first + "-" + last);
        assertArrayEquals(expected, actual, "bytes of range " + first + "-" + last);
    }

    private String schemaOf(String bucket) throws SQLException {
        try (Connection c = main.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT schema_name FROM pgvs3.namespaces WHERE name = ? AND kind = 'bucket'")) {
            ps.setString(1, bucket);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), "no namespace row for " + bucket);
                String schema = rs.getString(1);
                assertTrue(Pattern.matches("ns_[0-9]+", schema), schema);
                return schema;
            }
        }
    }

    private long count(String sql, Object parameter) throws SQLException {
        try (Connection c = main.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, parameter);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                return rs.getLong(1);
            }
        }
    }

    /** Incompressible bytes, so that every row is stored raw and the row boundaries are the logical ones. */
    private static byte[] bytes(int length, long seed) {
        byte[] b = new byte[length];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static String md5Hex(byte[] body) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body));
    }
}
