package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Apache Iceberg on Spark 4 ({@code IcebergJob} of lakehouse-jobs, in a JVM of its own, {@link SparkJob}):
 * a JDBC catalog whose tables live in the stack's PostgreSQL, S3FileIO on gateway 1, Iceberg's defaults
 * otherwise. Two appends, a row-level DELETE (copy-on-write), time travel to the first snapshot, then
 * snapshot expiry and orphan-file removal. Checked through gateway 2: every count and sum, the files the
 * expiry deleted and the orphan are gone from pgvs3, and the table's data directory holds exactly the
 * data files of the snapshot left, whose reads are still right.
 */
@ExtendWith(Stack.class)
class SparkIcebergIT {

    private static final long ROWS = 200_000;

    @Test
    void appendsDeleteTimeTravelExpiryAndOrphanRemovalWithAJdbcCatalogInTheSamePostgres() throws Exception {
        String bucket = Clients.bucket("spark-iceberg");
        String namespace = "ns_" + Long.toHexString(System.nanoTime());
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            first.createBucket(b -> b.bucket(bucket));
            long started = System.nanoTime();
            SparkJob.Results results = SparkJob.run("IcebergJob", 0, bucket, namespace, String.valueOf(ROWS));
            long seconds = (System.nanoTime() - started) / 1_000_000_000;

            assertEquals(ROWS, results.number("first.count"), "time travel to the first snapshot");
            assertEquals(amounts(0, ROWS, false), results.number("first.sum"));
            long kept = 2 * ROWS - 2 * ROWS / 10;
            for (String state : List.of("current", "afterExpiry")) {
                assertEquals(kept, results.number(state + ".count"), state);
                assertEquals(amounts(0, 2 * ROWS, true), results.number(state + ".sum"), state);
                assertEquals(4, results.number(state + ".categories"), state);
            }
            assertEquals(1, results.number("snapshots.afterExpiry"));

            Set<String> before = new HashSet<>(results.all("file.before"));
            Set<String> after = new TreeSet<>(results.all("file.after"));
            Set<String> deleted = new TreeSet<>(before);
            deleted.removeAll(after);
            assertTrue(before.containsAll(after), "the expiry wrote no data file");
            assertEquals(deleted.size(), results.number("expired.dataFiles"), "data files the expiry deleted");
            assertFalse(deleted.isEmpty(), "the DELETE rewrote files that the expiry then deleted");
            for (String file : deleted) {
                assertMissing(second, bucket, file);
            }
            String orphan = results.one("orphan");
            assertEquals(List.of(orphan), results.all("orphan.removed"), "exactly the planted orphan was an orphan");
            assertMissing(second, bucket, orphan);

            String dataPrefix = "warehouse/" + namespace + "/events/data/";
            Set<String> listed = second.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(dataPrefix)).contents().stream()
                    .map(S3Object::key).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(after.stream().map(f -> key(bucket, f)).collect(Collectors.toCollection(TreeSet::new)), listed,
                    "the data directory holds exactly the data files of the snapshot left");

            String metadata = catalogRow(namespace);
            assertTrue(metadata.startsWith("s3://" + bucket + "/warehouse/" + namespace + "/events/metadata/"), metadata);
            second.headObject(b -> b.bucket(bucket).key(key(bucket, metadata)));
            System.out.printf("SparkIcebergIT: job %d s; %d data files before the expiry, %d deleted, %d left%n", seconds,
                    before.size(), deleted.size(), after.size());
        }
    }

    /** The sum of {@code id * 7919 % 100000} over {@code [from, to)}, without multiples of 10 if asked. */
    private static long amounts(long from, long to, boolean withoutTens) {
        long sum = 0;
        for (long id = from; id < to; id++) {
            if (!withoutTens || id % 10 != 0) {
                sum += id * 7919 % 100000;
            }
        }
        return sum;
    }

    private static void assertMissing(S3Client s3, String bucket, String location) {
        S3Exception e = assertThrows(S3Exception.class, () -> s3.headObject(b -> b.bucket(bucket).key(key(bucket, location))),
                location + " is still in pgvs3");
        assertEquals(404, e.statusCode(), location);
    }

    private static String key(String bucket, String location) {
        URI uri = URI.create(location);
        assertEquals(bucket, uri.getHost(), location);
        return uri.getPath().substring(1);
    }

    /** The table's metadata location in iceberg_tables, in the stack's PostgreSQL (catalog {@code lake}). */
    private static String catalogRow(String namespace) throws Exception {
        try (Connection c = Database.connect();
             PreparedStatement select = c.prepareStatement("""
                     SELECT metadata_location FROM iceberg_tables
                      WHERE catalog_name = 'lake' AND table_namespace = ? AND table_name = 'events'""")) {
            select.setString(1, namespace);
            try (ResultSet rows = select.executeQuery()) {
                assertTrue(rows.next(), "no iceberg_tables row for lake." + namespace + ".events");
                return rows.getString(1);
            }
        }
    }
}
