package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The reaper's queue as metrics, on the ops stack, whose reaper keeps the default 10-minute grace: an
 * overwritten chunked object's old file waits in the queue and the gauges show it.
 */
@ExtendWith(OpsStack.class)
class GarbageMetricsIT {

    private static final int SIZE = 200_000; // chunked (over 64 KiB): 25 rows of 8,120 bytes

    @Test
    void anOverwrittenFileShowsInTheGarbageGauges() throws Exception {
        String bucket = Clients.bucket("garbage");
        try (S3Client s3 = Clients.s3(OpsStack.s3Endpoint(), OpsStack.accessKey(), OpsStack.secretKey(),
                ApacheHttpClient.builder())) {
            s3.createBucket(b -> b.bucket(bucket));
            double before = files();
            s3.putObject(b -> b.bucket(bucket).key("k"), RequestBody.fromBytes(Bodies.bytes(SIZE, 1)));
            s3.putObject(b -> b.bucket(bucket).key("k"), RequestBody.fromBytes(Bodies.bytes(SIZE, 2)));
            // the gauges share one report for 10 s
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (files() < before + 1) {
                assertTrue(System.nanoTime() < deadline, "the overwritten file never showed in pgvs3_garbage_files");
                Thread.sleep(500);
            }
            Scrape scrape = Scrape.of(OpsStack.adminEndpoint().toString());
            assertTrue(scrape.value("pgvs3_garbage_chunk_rows") >= 25, "rows of the queued file");
            assertTrue(scrape.value("pgvs3_garbage_bytes") >= 25 * 8120, "bytes of the queued file");
            assertTrue(scrape.value("pgvs3_garbage_oldest_age_seconds") >= 0, "age of the oldest queued file");
        }
    }

    private static double files() throws Exception {
        return Scrape.of(OpsStack.adminEndpoint().toString()).value("pgvs3_garbage_files");
    }
}
