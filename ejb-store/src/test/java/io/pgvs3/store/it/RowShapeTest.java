package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.bucket.BucketService;
import io.pgvs3.store.kv.KvService;
import io.pgvs3.store.layout.LayoutManager;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The shape of an {@code objects} row, checked by one CHECK that calls the namespace kind's shape function
 * (docs/adr/0063): rows of the wrong shape are refused in a bucket and in a RESP database alike, the S3
 * identity only in the bucket, and namespaces made with the three inline CHECKs get the function at a
 * writable start.
 */
@ExtendWith(PostgresExtension.class)
class RowShapeTest {

    private static final String MD5_ETAG = "'0123456789abcdef0123456789abcdef'";
    private static final String SHA256 = "'\\x" + "ab".repeat(32) + "'::bytea";
    private static final String CHECK_VIOLATION = "23514";

    private DataSource db;
    private String bucket;
    private String database;

    @BeforeEach
    void bucketAndDatabase() throws Exception {
        db = PostgresExtension.freshDatabase(false);
        new LayoutManager(db).ensure();
        DataAccess access = new DataAccess(db, db, new NamespaceCache(db));
        new BucketService(access).create(PostgresExtension.uniqueBucket("shape"));
        byte[] key = "k".getBytes(StandardCharsets.UTF_8);
        new KvService(access, Stores.WATCHDOG).put(0, List.of(new KvPut(key, key, KvEntry.PERSISTENT)));
        bucket = schema("bucket");
        database = schema("cache");
    }

    @Test
    void rowsOfTheWrongShapeAreRefusedAndTheS3IdentityOnlyInBuckets() throws Exception {
        for (String schema : List.of(bucket, database)) {
            insert(schema, "'inline', 1, " + MD5_ETAG + ", " + SHA256 + ", '\\x01', NULL, NULL");
            insert(schema, "'chunked', 9000, " + MD5_ETAG + ", " + SHA256 + ", NULL, 7, NULL");
            insert(schema, "'parts', 9000, " + MD5_ETAG + ", " + SHA256 + ", NULL, 8, '{8,9}'");
            assertRefused(schema, "'both', 1, " + MD5_ETAG + ", " + SHA256 + ", '\\x01', 7, NULL");
            assertRefused(schema, "'short', 2, " + MD5_ETAG + ", " + SHA256 + ", '\\x01', NULL, NULL");
            assertRefused(schema, "'first part', 9000, " + MD5_ETAG + ", " + SHA256 + ", NULL, 8, '{9,8}'");
            assertRefused(schema, "'neither', 0, " + MD5_ETAG + ", " + SHA256 + ", NULL, NULL, NULL");
        }
        assertRefused(bucket, "'no validators', 1, '', ''::bytea, '\\x01', NULL, NULL");
        insert(database, "'no validators', 1, '', ''::bytea, '\\x01', NULL, NULL");
        assertRefused(bucket, "'', 1, " + MD5_ETAG + ", " + SHA256 + ", '\\x01', NULL, NULL");
        insert(database, "'', 1, " + MD5_ETAG + ", " + SHA256 + ", '\\x01', NULL, NULL");
    }

    @Test
    void namespacesWithInlineChecksGetTheShapeFunctionAtAWritableStart() throws Exception {
        for (String schema : List.of(bucket, database)) {
            exec("ALTER TABLE " + schema + ".objects DROP CONSTRAINT row_shape,"
                    + " ADD CONSTRAINT object_shape CHECK (true), ADD CONSTRAINT body_shape CHECK (true),"
                    + " ADD CONSTRAINT checksum_shape CHECK (true)");
            assertEquals(List.of("body_shape", "checksum_shape", "object_shape"), checks(schema));
        }
        new LayoutManager(db).ensure();
        for (String schema : List.of(bucket, database)) {
            assertEquals(List.of("row_shape"), checks(schema), schema);
            assertRefused(schema, "'both', 1, " + MD5_ETAG + ", " + SHA256 + ", '\\x01', 7, NULL");
        }
        assertRefused(bucket, "'no validators', 1, '', ''::bytea, '\\x01', NULL, NULL");
        insert(database, "'no validators', 1, '', ''::bytea, '\\x01', NULL, NULL");
    }

    /** Inserts a row of (key, size, etag, sha256, inline_data, file_id, parts); part_ends end at the size. */
    private void insert(String schema, String values) throws SQLException {
        exec("INSERT INTO " + schema + ".objects (key, size, etag, sha256, inline_data, file_id, parts, part_ends)"
                + " SELECT k, s, e, h, i::bytea, f::int8, p::int8[], CASE WHEN p IS NULL THEN NULL ELSE ARRAY[s - 1, s] END"
                + " FROM (VALUES (" + values + ")) AS v (k, s, e, h, i, f, p)");
    }

    private void assertRefused(String schema, String values) {
        SQLException e = assertThrows(SQLException.class, () -> insert(schema, values), schema + ": " + values);
        assertEquals(CHECK_VIOLATION, e.getSQLState(), e.getMessage());
    }

    /** The CHECK constraints of the schema's objects table, by name. */
    private List<String> checks(String schema) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT conname FROM pg_constraint WHERE contype = 'c'"
                     + " AND conrelid = '" + schema + ".objects'::regclass ORDER BY 1")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    private String schema(String kind) throws SQLException {
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT schema_name FROM pgvs3.namespaces WHERE kind = '" + kind + "'")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private void exec(String sql) throws SQLException {
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
