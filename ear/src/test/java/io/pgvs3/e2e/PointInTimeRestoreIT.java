package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.jdbc.JdbcCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * One PostgreSQL backup restores an Iceberg catalog and every byte it references to the same instant
 * (docs/operations.md, "Backup and point-in-time restore"). A stack of its own archives its WAL
 * ({@link WalArchive}); after a {@link BaseBackup}, native objects and an Iceberg table (JdbcCatalog in the
 * same database, S3FileIO on the gateway) are written, a named restore point is made, and then the table
 * gets a delete of the first commit's file, a second commit and a snapshot expiry that deletes that file
 * from pgvs3, while native objects are overwritten, deleted and added and the reaper empties the garbage
 * queue. A copy of the cluster restored to the restore point gets a gateway of its own, which must serve
 * exactly what existed at the restore point, byte for byte, and then reap what was queued there.
 */
class PointInTimeRestoreIT {

    /** Shifts 66 and 67 (60 would put its S3 port on the ops stack's HTTPS port, 28024 + 50). */
    private static final int SHIFT = 66;
    private static final String RESTORE_POINT = "pgvs3-e2e-pitr";
    private static final Map<String, String> MAINTENANCE = Map.of(
            "PGVS3_REAPER_GRACE", "PT0S", "PGVS3_MAINTENANCE_INTERVAL", "PT1S");
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private static final String OBJECTS = Clients.bucket("pitr");
    private static final String LAKE = Clients.bucket("pitr-lake");
    private static final String LATER = Clients.bucket("pitr-later");
    private static final RestoredTable TABLE = new RestoredTable(LAKE);

    /** Key → body of every native object at the restore point. */
    private static final Map<String, byte[]> AT_RESTORE_POINT = new LinkedHashMap<>();

    private static StackScript source;
    private static StackScript restored;
    private static LocalPostgres restoredDatabase;
    private static S3Client restoredS3;

    /** What the restore point saw of the table and the buckets. */
    private static RestoredTable.FirstCommit firstCommit;
    private static Map<String, String> lakeListingAtRestorePoint;
    private static Map<String, String> objectsListingAtRestorePoint;
    private static long queuedAtRestore;

    @BeforeAll
    static void historyThenRestore() throws Exception {
        Path archiveDir = StackScript.repo().resolve("ear/target/stack-pitr-archive");
        Path copy = StackScript.repo().resolve("ear/target/stack-pitr-restored-pgdata");
        WalArchive archive = WalArchive.in(archiveDir);
        StackScript database = new StackScript("stack-pitr", SHIFT, 0, MAINTENANCE);
        database.startFresh();
        try (Connection c = connect(database); Statement s = c.createStatement()) {
            archive.enable(s);
        }
        database.down();
        source = new StackScript("stack-pitr", SHIFT, 1, MAINTENANCE);
        source.up(); // the database restarts with archiving on

        Path binaries;
        try (Connection c = connect(source); Statement s = c.createStatement();
             S3Client s3 = client(source)) {
            binaries = BaseBackup.take(s, "pgvs3-e2e-pitr", copy);
            s3.createBucket(b -> b.bucket(OBJECTS));
            s3.createBucket(b -> b.bucket(LAKE));
            try (PausedDownload pinned = nativeObjectsBefore(s3); JdbcCatalog catalog = catalog(source)) {
                firstCommit = TABLE.commit(catalog, s3);
                objectsListingAtRestorePoint = listing(s3, OBJECTS);
                lakeListingAtRestorePoint = listing(s3, LAKE);
                s.execute("SELECT pg_create_restore_point('" + RESTORE_POINT + "')");
            }
            nativeObjectsAfter(s3);
            try (JdbcCatalog catalog = catalog(source)) {
                TABLE.deleteCommitAndExpire(catalog, s3, firstCommit);
            }
            BucketTables objects = BucketTables.of(OBJECTS, () -> connect(source));
            awaitTrue(() -> objects.queuedFiles() == 0 && objects.unreferencedFiles() == 0,
                    "the source's reaper deleted every replaced and deleted file");
            archive.awaitArchived(s);
        }

        archive.recoverTo(copy, RESTORE_POINT);
        restoredDatabase = LocalPostgres.start(binaries, copy, source.port(25432) + 1, source.get("PGVS3_DB_USER"),
                source.get("PGVS3_DB_PASSWORD"), false);
        queuedAtRestore = BucketTables.of(OBJECTS, restoredDatabase::connect).queuedFiles();
        restored = restoredGateway();
        restoredS3 = client(restored);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (restoredS3 != null) {
                restoredS3.close();
            }
            if (restored != null) {
                restored.down();
            }
        } finally {
            try {
                if (restoredDatabase != null) {
                    restoredDatabase.close();
                }
            } finally {
                if (source != null) {
                    source.down();
                }
            }
        }
    }

    @Test
    void nativeObjectsAreExactlyThoseOfTheRestorePoint() throws Exception {
        assertEquals(objectsListingAtRestorePoint, listing(restoredS3, OBJECTS), "key → ETag of the listing");
        for (Map.Entry<String, byte[]> object : AT_RESTORE_POINT.entrySet()) {
            assertArrayEquals(object.getValue(), get(restoredS3, OBJECTS, object.getKey()), object.getKey());
        }
        S3Exception later = assertThrows(S3Exception.class, () -> get(restoredS3, OBJECTS, "later/new"));
        assertEquals(404, later.statusCode());
        assertTrue(restoredS3.listBuckets().buckets().stream().noneMatch(b -> b.name().equals(LATER)),
                "a bucket made after the restore point");

        byte[] afterRestore = Bodies.bytes(1 << 20, 40);
        restoredS3.putObject(b -> b.bucket(OBJECTS).key("after-restore"), RequestBody.fromBytes(afterRestore));
        assertArrayEquals(afterRestore, get(restoredS3, OBJECTS, "after-restore"), "a write on the restored cluster");
        restoredS3.deleteObject(b -> b.bucket(OBJECTS).key("after-restore"));
    }

    @Test
    void theReaperEmptiesTheQueueOfTheRestorePointAndLeavesNoOrphans() throws Exception {
        assertTrue(queuedAtRestore > 0, "the file a reader pinned across the overwrite was queued at the restore point");
        BucketTables objects = BucketTables.of(OBJECTS, restoredDatabase::connect);
        awaitTrue(() -> objects.queuedFiles() == 0 && objects.unreferencedFiles() == 0,
                "the restored gateway's reaper emptied the queue and no unreferenced file keeps rows");
        for (Map.Entry<String, byte[]> object : AT_RESTORE_POINT.entrySet()) {
            assertArrayEquals(object.getValue(), get(restoredS3, OBJECTS, object.getKey()), object.getKey() + " after reaping");
        }
    }

    @Test
    void theIcebergTableIsExactlyItsFirstCommitWithEveryFileByteExact() throws Exception {
        assertEquals(lakeListingAtRestorePoint, listing(restoredS3, LAKE),
                "the table's objects (key → ETag): nothing of commit 2, commit 1's data file back");
        try (JdbcCatalog catalog = catalog(restored)) {
            TABLE.assertFirstCommit(catalog, restoredS3, firstCommit);
        }
    }

    // ---- the history

    /**
     * Objects kept, changed later, and one overwritten while a reader holds its first version: that
     * version's file stays queued as garbage at the restore point. Returns the paused read.
     */
    private static PausedDownload nativeObjectsBefore(S3Client s3) throws Exception {
        put(s3, "kept/inline", Bodies.bytes(1_000, 1));
        put(s3, "kept/chunked", Bodies.bytes(3 << 20, 2));
        put(s3, "changed/overwritten", Bodies.bytes(300_000, 3));
        put(s3, "changed/deleted", Bodies.bytes(200_000, 4));
        s3.putObject(b -> b.bucket(OBJECTS).key("pinned"), RequestBody.fromBytes(Bodies.bytes(16 << 20, 5)));
        URL url;
        try (S3Presigner presigner = Clients.presigner(URI.create(source.get("PGVS3_S3_ENDPOINT")),
                source.get("PGVS3_ACCESS_KEY"), source.get("PGVS3_SECRET_KEY"))) {
            url = presigner.presignGetObject(p -> p.signatureDuration(Duration.ofMinutes(10))
                    .getObjectRequest(g -> g.bucket(OBJECTS).key("pinned"))).url();
        }
        PausedDownload download = PausedDownload.start(url, 1 << 20);
        assertEquals(200, download.status(), download.head());
        put(s3, "pinned", Bodies.bytes(400_000, 6));
        return download;
    }

    private static void nativeObjectsAfter(S3Client s3) throws Exception {
        s3.putObject(b -> b.bucket(OBJECTS).key("changed/overwritten"), RequestBody.fromBytes(Bodies.bytes(300_000, 7)));
        s3.deleteObject(b -> b.bucket(OBJECTS).key("changed/deleted"));
        s3.putObject(b -> b.bucket(OBJECTS).key("later/new"), RequestBody.fromBytes(Bodies.bytes(1 << 20, 8)));
        s3.createBucket(b -> b.bucket(LATER));
        s3.putObject(b -> b.bucket(LATER).key("x"), RequestBody.fromString("later"));
    }

    // ---- helpers

    private static StackScript restoredGateway() throws Exception {
        StackScript probe = new StackScript("stack-pitr-restored", SHIFT + 1, 1, Map.of());
        probe.reset();
        Files.createDirectories(probe.stateDir());
        Files.writeString(probe.stateDir().resolve("db-password"), source.get("PGVS3_DB_PASSWORD"));
        Map<String, String> env = new HashMap<>(MAINTENANCE);
        env.put("PGVS3_STACK_DB_URL", restoredDatabase.jdbcUrl());
        env.put("PGVS3_ACCESS_KEY", source.get("PGVS3_ACCESS_KEY"));
        env.put("PGVS3_SECRET_KEY", source.get("PGVS3_SECRET_KEY"));
        StackScript gateway = new StackScript("stack-pitr-restored", SHIFT + 1, 1, env);
        gateway.up();
        return gateway;
    }

    private static JdbcCatalog catalog(StackScript stack) {
        StackDatabase db = new StackDatabase(stack.get("PGVS3_JDBC_URL"), source.get("PGVS3_DB_USER"),
                source.get("PGVS3_DB_PASSWORD"));
        return IcebergTables.catalog(RestoredTable.CATALOG, LAKE, stack.get("PGVS3_S3_ENDPOINT"),
                source.get("PGVS3_ACCESS_KEY"), source.get("PGVS3_SECRET_KEY"), db);
    }

    private static Connection connect(StackScript stack) throws SQLException {
        return DriverManager.getConnection(stack.get("PGVS3_JDBC_URL"), stack.get("PGVS3_DB_USER"),
                stack.get("PGVS3_DB_PASSWORD"));
    }

    private static S3Client client(StackScript stack) {
        return Clients.s3(URI.create(stack.get("PGVS3_S3_ENDPOINT")), source.get("PGVS3_ACCESS_KEY"),
                source.get("PGVS3_SECRET_KEY"), ApacheHttpClient.builder());
    }

    private static void put(S3Client s3, String key, byte[] body) {
        s3.putObject(b -> b.bucket(OBJECTS).key(key), RequestBody.fromBytes(body));
        AT_RESTORE_POINT.put(key, body);
    }

    private static byte[] get(S3Client s3, String bucket, String key) {
        return s3.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asByteArray();
    }

    /** Key → ETag of every object in the bucket. */
    private static Map<String, String> listing(S3Client s3, String bucket) {
        Map<String, String> keys = new TreeMap<>();
        s3.listObjectsV2Paginator(b -> b.bucket(bucket)).contents().forEach(o -> keys.put(o.key(), o.eTag()));
        return keys;
    }

    private static void awaitTrue(Await.Check condition, String what) throws Exception {
        Await.until(PATIENCE, what, condition);
    }
}
