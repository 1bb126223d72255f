package io.pgvs3.store.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.testing.PostgresExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class ExpiryTest {

    private static final String SHA = "'\\x" + "00".repeat(32) + "'";
    private static final String MD5 = "'\\x" + "00".repeat(16) + "'";

    private static void upload(MaintenanceFixture fx, Namespace ns, String id, Duration age) throws Exception {
        fx.execute("INSERT INTO %s.uploads (upload_id, key, created_at) VALUES ('" + id + "', 'k/" + id
                + "', now() - interval '" + age.toSeconds() + " seconds')", ns);
    }

    private static void part(MaintenanceFixture fx, Namespace ns, String upload, int no, long fileId) throws Exception {
        fx.execute("INSERT INTO %s.upload_parts (upload_id, part_no, file_id, size, sha256, md5) VALUES ('" + upload
                + "', " + no + ", " + fileId + ", 8120, " + SHA + ", " + MD5 + ")", ns);
    }

    @Test
    void abandonedUploadsExpireWithTheirPartsQueuedAndReapedInTheSameTick() throws Exception {
        MaintenanceFixture fx = new MaintenanceFixture();
        Namespace ns = fx.namespace(fx.newBucket("uploads"));
        upload(fx, ns, "old", Duration.ofHours(25));
        long p1 = fx.newFile(ns, 3);
        long p2 = fx.newFile(ns, 2);
        part(fx, ns, "old", 1, p1);
        part(fx, ns, "old", 2, p2);
        upload(fx, ns, "recent", Duration.ofHours(1));
        long p3 = fx.newFile(ns, 4);
        part(fx, ns, "recent", 1, p3);
        // a part copied from a live object shares that object's file: expiry must not queue it
        upload(fx, ns, "copied", Duration.ofHours(30));
        long shared = fx.newFile(ns, 10);
        fx.execute("INSERT INTO %s.objects (key, size, etag, sha256, file_id) VALUES ('src', 81200, '"
                + "0".repeat(32) + "', " + SHA + ", " + shared + ")", ns);
        part(fx, ns, "copied", 1, shared);
        for (int i = 0; i < 150; i++) {
            upload(fx, ns, "many-" + i, Duration.ofDays(3));
        }

        try (Maintenance maintenance = Maintenance.standard(fx.main()::getConnection, MaintenanceFixture.config(Duration.ZERO))) {
            assertEquals(Maintenance.Outcome.RAN, maintenance.tick());

            assertEquals(152, maintenance.snapshot().uploadsExpired(), "in batches of " + UploadExpiry.UPLOADS_PER_TRANSACTION);
            assertEquals(1, fx.query(String.format("SELECT count(*) FROM %s.uploads", ns.schema())));
            assertEquals(1, fx.query(String.format("SELECT count(*) FROM %s.upload_parts", ns.schema())));
            assertEquals(0, fx.rowsOf(ns, p1), "queued in the expiry's transaction and reaped by the same tick");
            assertEquals(0, fx.rowsOf(ns, p2));
            assertEquals(4, fx.rowsOf(ns, p3));
            assertEquals(10, fx.rowsOf(ns, shared));
            assertFalse(fx.queued(ns, shared));
            assertEquals(0, maintenance.snapshot().referencedFiles());
        }
    }

    @Test
    void uploadsYoungerThanTheLimitStay() throws Exception {
        MaintenanceFixture fx = new MaintenanceFixture();
        Namespace ns = fx.namespace(fx.newBucket("young"));
        upload(fx, ns, "a", Duration.ofHours(23));
        try (Maintenance maintenance = Maintenance.standard(fx.main()::getConnection,
                MaintenanceFixture.config(Duration.ZERO))) {
            maintenance.tick();
            assertEquals(0, maintenance.snapshot().uploadsExpired());
        }
        try (Maintenance shorter = Maintenance.standard(fx.main()::getConnection,
                MaintenanceFixture.config(Duration.ZERO).withUploadsExpireAfter(Duration.ofHours(22)))) {
            shorter.tick();
            assertEquals(1, shorter.snapshot().uploadsExpired());
        }
    }

    @Test
    void expiredValuesOfCacheNamespacesGoInBoundedBatchesAndOnlyThere() throws Exception {
        MaintenanceFixture fx = new MaintenanceFixture();
        Namespace cache = fx.newCacheNamespace("values-" + System.nanoTime());
        fx.execute("INSERT INTO %s.objects (key, size, etag, sha256, inline_data, expires_at)"
                + " SELECT 'v' || g, 1, '" + "0".repeat(32) + "', " + SHA + ", '\\x01', now() - interval '1 minute'"
                + " FROM generate_series(1, 10000) g", cache);
        fx.execute("INSERT INTO %s.objects (key, size, etag, sha256, inline_data, expires_at)"
                + " SELECT 'live' || g, 1, '" + "0".repeat(32) + "', " + SHA + ", '\\x01', now() + interval '1 hour'"
                + " FROM generate_series(1, 5) g", cache);
        fx.execute("INSERT INTO %s.objects (key, size, etag, sha256, inline_data)"
                + " SELECT 'forever' || g, 1, '" + "0".repeat(32) + "', " + SHA + ", '\\x01' FROM generate_series(1, 3) g",
                cache);
        long big = fx.newFile(cache, 9);
        fx.execute("INSERT INTO %s.objects (key, size, etag, sha256, file_id, expires_at) VALUES ('big', 73080, '"
                + "0".repeat(32) + "', " + SHA + ", " + big + ", now() - interval '2 minutes')", cache);
        Namespace bucket = fx.namespace(fx.newBucket("not-a-cache"));
        fx.execute("INSERT INTO %s.objects (key, size, etag, sha256, inline_data, expires_at) VALUES ('b', 1, '"
                + "0".repeat(32) + "', " + SHA + ", '\\x01', now() - interval '1 minute')", bucket);

        try (Maintenance maintenance = Maintenance.standard(fx.main()::getConnection,
                    MaintenanceFixture.config(Duration.ZERO).withTtl(4096, 2))) {
            assertEquals(Maintenance.Outcome.RAN, maintenance.tick());
            assertEquals(8192, maintenance.snapshot().valuesExpired(), "two statements of 4,096 in one tick");
            assertEquals(0, fx.rowsOf(cache, big), "the oldest expiry went first; its file was queued and reaped");

            assertEquals(Maintenance.Outcome.RAN, maintenance.tick());
            assertEquals(10_001, maintenance.snapshot().valuesExpired());
            assertEquals(8, fx.query(String.format("SELECT count(*) FROM %s.objects", cache.schema())));
            assertEquals(0, fx.query(String.format("SELECT count(*) FROM %s.objects WHERE expires_at <= now()", cache.schema())));
            assertEquals(1, fx.query(String.format("SELECT count(*) FROM %s.objects", bucket.schema())),
                    "buckets have no TTL'd values");
            assertTrue(fx.queuedFiles(cache).isEmpty());
        }
    }
}
