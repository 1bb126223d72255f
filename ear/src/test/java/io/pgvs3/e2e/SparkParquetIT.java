package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Apache Spark 4 in local mode through Hadoop S3A at its defaults ({@code ParquetJob} of lakehouse-jobs, in
 * JVMs of their own, {@link SparkJob}): a Parquet dataset of about 280 MB partitioned by day is written
 * through gateway 1 with the S3A magic committer, then read through gateway 2 with a filter on two days and
 * one column. Counts and sums must be exact; the filtered read must prune partitions and columns in its
 * plan, and gateway 2 must have answered it with ranged GETs (206) only, for less than half of the two days'
 * files: their footers, the chunks of one column and what S3A's prefetching asked for ahead.
 */
@ExtendWith(Stack.class)
class SparkParquetIT {

    private static final long ROWS = 2_000_000;

    @Test
    void aPartitionedParquetDatasetWrittenByTheMagicCommitterReadsBackPruned() throws Exception {
        String bucket = Clients.bucket("spark");
        try (S3Client s3 = Clients.s3(0)) {
            s3.createBucket(b -> b.bucket(bucket));
            long started = System.nanoTime();
            SparkJob.Results written = SparkJob.run("ParquetJob", 0, "write", bucket, String.valueOf(ROWS));
            long writeSeconds = (System.nanoTime() - started) / 1_000_000_000;
            Scrape before = Scrape.of(Stack.adminEndpoint(1));
            SparkJob.Results read = SparkJob.run("ParquetJob", 1, "read", bucket);
            Scrape after = Scrape.of(Stack.adminEndpoint(1));

            long sum = 0;
            long days37 = 0;
            long days37Sum = 0;
            for (long id = 0; id < ROWS; id++) {
                long amount = id * 7919 % 100000;
                sum += amount;
                if (id % 10 == 3 || id % 10 == 7) {
                    days37++;
                    days37Sum += amount;
                }
            }
            assertEquals(ROWS, written.number("all.count"));
            assertEquals(sum, written.number("all.sum"));
            assertEquals(days37, read.number("days37.count"));
            assertEquals(days37Sum, read.number("days37.sum"));
            String plan = read.one("plan");
            assertTrue(Pattern.compile("PartitionFilters: \\[day#\\d+ IN \\(3,7\\)]").matcher(plan).find(), plan);
            assertTrue(plan.contains("ReadSchema: struct<amount:bigint>"), plan);

            List<S3Object> parquet = committedDataset(s3, bucket);
            assertPrunedRead(before, after, parquet);
            System.out.printf("SparkParquetIT: %,d rows, %,d bytes of Parquet in %d files, written in %d s%n", ROWS,
                    parquet.stream().mapToLong(S3Object::size).sum(), parquet.size(), writeSeconds);
        }
    }

    /** The dataset's Parquet files, once the magic committer's commit is checked. */
    private static List<S3Object> committedDataset(S3Client s3, String bucket) {
        List<S3Object> objects = s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix("sales/")).contents()
                .stream().toList();
        List<S3Object> parquet = objects.stream().filter(o -> o.key().endsWith(".parquet")).toList();
        long dataBytes = parquet.stream().mapToLong(S3Object::size).sum();
        assertEquals(10, parquet.stream().map(o -> o.key().substring(0, o.key().lastIndexOf('/'))).distinct().count(),
                "day=0 … day=9");
        assertTrue(dataBytes > 200_000_000L, "a dataset of a few hundred MB: " + dataBytes);
        assertTrue(objects.stream().noneMatch(o -> o.key().contains("__magic")),
                "the magic committer's pending area is gone after the commit");
        String success = s3.getObjectAsBytes(b -> b.bucket(bucket).key("sales/_SUCCESS")).asUtf8String();
        assertTrue(success.contains("\"committer\":\"magic\""), "S3A's _SUCCESS manifest: " + success);
        return parquet;
    }

    /** What gateway 2 answered between the two scrapes: ranged GETs of part of the two days' files. */
    private static void assertPrunedRead(Scrape before, Scrape after, List<S3Object> parquet) {
        String[] gets = {"operation=GetObject"};
        double ranged = after.value("pgvs3_requests_total", "operation=GetObject", "status=206")
                - before.value("pgvs3_requests_total", "operation=GetObject", "status=206");
        double whole = after.value("pgvs3_requests_total", "operation=GetObject", "status=200")
                - before.value("pgvs3_requests_total", "operation=GetObject", "status=200");
        double sent = after.value("pgvs3_sent_bytes_total", gets) - before.value("pgvs3_sent_bytes_total", gets);
        List<S3Object> twoDays = parquet.stream().filter(o -> o.key().contains("/day=3/") || o.key().contains("/day=7/"))
                .toList();
        long twoDaysBytes = twoDays.stream().mapToLong(S3Object::size).sum();
        assertTrue(ranged >= 2 * twoDays.size(), "ranged GETs of footers and column chunks of days 3 and 7: "
                + ranged + " for " + twoDays.size() + " files");
        assertEquals(0, whole, "no whole-object GET");
        // S3A's stream fetches a small object whole, a larger one in ranges: its prefetched blocks and
        // Parquet's vectored reads of the one column; files of other days are never asked for
        assertTrue(twoDays.stream().allMatch(o -> o.size() > 10_000_000L), "files of more than 10 MB: " + twoDays);
        assertTrue(sent > 0 && sent < twoDaysBytes / 2.0, "gateway 2 sent " + sent + " bytes; days 3 and 7 have "
                + twoDaysBytes);
        System.out.printf("SparkParquetIT: the filtered read: %.0f ranged GETs, %,.0f of %,d bytes%n", ranged, sent,
                twoDaysBytes);
    }
}
