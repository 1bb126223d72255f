package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.delayline.DelayLine;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Origin-backed buckets end to end (ADR 45): S3Proxy is the origin, both gateways of the stack front it,
 * the AWS SDK v2 is the client of each. Origin requests are counted by the gateways' own metric
 * {@code pgvs3_origin_requests_total}, summed over both.
 */
@ExtendWith(Stack.class)
class OriginIT {

    private static final String REQUESTS = "pgvs3_origin_requests_total";

    private static OriginPeer origin;
    private static S3Client direct;
    /** No delay, only its gate: the race tests' buckets reach the origin through it. */
    private static DelayLine gate;

    @BeforeAll
    static void startOrigin() throws Exception {
        origin = new OriginPeer();
        origin.start();
        direct = origin.client();
        gate = new DelayLine(new InetSocketAddress(origin.endpoint().getHost(), origin.endpoint().getPort()),
                Duration.ZERO, 0);
    }

    @AfterAll
    static void stopOrigin() throws Exception {
        if (gate != null) {
            gate.close();
        }
        if (direct != null) {
            direct.close();
        }
        if (origin != null) {
            origin.close();
        }
    }

    /** A new origin bucket and an origin-backed bucket in front of it, with {@code ttl}. */
    private static String frontedBucket(String hint, String ttl) throws Exception {
        return frontedBucket(hint, ttl, WRITE_BACK_ABOVE);
    }

    /** Writes above this many bytes are write-backs in the buckets of this test. */
    private static final int WRITE_BACK_ABOVE = 1 << 20;

    private static String frontedBucket(String hint, String ttl, int writeBackThreshold) throws Exception {
        return frontedBucket(hint, ttl, writeBackThreshold, origin.endpoint());
    }

    /** An origin-backed bucket whose gateways reach the origin through {@link #gate}. */
    private static String gatedBucket(String hint) throws Exception {
        return frontedBucket(hint, "PT1H", WRITE_BACK_ABOVE, URI.create("http://127.0.0.1:" + gate.port()));
    }

    private static String frontedBucket(String hint, String ttl, int writeBackThreshold, URI endpoint) throws Exception {
        return frontedBucket(hint, ttl, writeBackThreshold, endpoint, "off");
    }

    /** The range caches of this test keep blocks of 1 MiB. */
    private static final int RANGE_BLOCK = 1 << 20;

    /** An origin-backed bucket whose cold ranges are cached in blocks, and whose writes of this test go through. */
    private static String rangeCachedBucket(String hint, String ttl) throws Exception {
        return frontedBucket(hint, ttl, 64 << 20, origin.endpoint(), String.valueOf(RANGE_BLOCK));
    }

    private static String frontedBucket(String hint, String ttl, int writeBackThreshold, URI endpoint,
            String rangeCache) throws Exception {
        String bucket = Clients.bucket(hint);
        String originBucket = bucket.replaceFirst("^e2e-", "src-");
        direct.createBucket(b -> b.bucket(originBucket));
        HttpResponse<String> declared = Admin.send(0, "PUT", "/admin/origins/" + bucket, """
                {"endpoint": "%s", "credentials": "e2e", "originBucket": "%s", "ttl": "%s", "writeBackThreshold": %d,
                 "rangeCache": %s}"""
                .formatted(endpoint, originBucket, ttl, writeBackThreshold,
                        rangeCache.equals("off") ? "\"off\"" : rangeCache));
        assertEquals(201, declared.statusCode(), declared.body());
        return bucket;
    }

    private static void pauseDrain(String bucket, boolean paused) throws Exception {
        HttpResponse<String> answer = Admin.send(1, "POST", "/admin/origins/" + bucket + "/drain?pause=" + paused, "");
        assertEquals(200, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains("\"drainPaused\":" + paused), answer.body());
    }

    private static long pending(String bucket) throws Exception {
        HttpResponse<String> shown = Admin.send(0, "GET", "/admin/origins/" + bucket, null);
        assertEquals(200, shown.statusCode(), shown.body());
        return Admin.number(shown.body(), "pendingObjects");
    }

    /** Waits until gateway 0's outbox gauge of the bucket shows {@code expected} (the drain's tick sets it). */
    private static void awaitGauge(String bucket, String gauge, double expected) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        double seen;
        while ((seen = Scrape.of(Stack.adminEndpoint(0)).value(gauge, "bucket=" + bucket)) != expected) {
            assertTrue(System.nanoTime() < deadline, gauge + " of " + bucket + " is " + seen + ", not " + expected);
            Thread.sleep(100);
        }
    }

    /** Waits until nothing of the bucket waits in the outbox (at most 60 s: backoff after an outage). */
    private static void awaitDrained(String bucket) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (pending(bucket) > 0) {
            assertTrue(System.nanoTime() < deadline, "the outbox of " + bucket + " did not drain within 60 s");
            Thread.sleep(200);
        }
    }

    private static String originBucketOf(String bucket) {
        return bucket.replaceFirst("^e2e-", "src-");
    }

    private static double fills(String bucket, String result) throws Exception {
        return Scrape.of(Stack.adminEndpoint(0)).value("pgvs3_origin_fills_total", "bucket=" + bucket, "result=" + result)
                + Scrape.of(Stack.adminEndpoint(1)).value("pgvs3_origin_fills_total", "bucket=" + bucket, "result=" + result);
    }

    private static double originRequests(String bucket, String operation) throws Exception {
        return Scrape.of(Stack.adminEndpoint(0)).value(REQUESTS, "bucket=" + bucket, "operation=" + operation)
                + Scrape.of(Stack.adminEndpoint(1)).value(REQUESTS, "bucket=" + bucket, "operation=" + operation);
    }

    private static double rangeBlocks(String bucket, String result) throws Exception {
        String[] labels = {"bucket=" + bucket, "result=" + result};
        return Scrape.of(Stack.adminEndpoint(0)).value("pgvs3_origin_range_blocks_total", labels)
                + Scrape.of(Stack.adminEndpoint(1)).value("pgvs3_origin_range_blocks_total", labels);
    }

    /**
     * Waits until the gateways counted {@code expected} blocks of the bucket with {@code result}: a block is
     * stored and counted after its bytes were sent.
     */
    private static void awaitRangeBlocks(String bucket, String result, double expected) throws Exception {
        Await.until(Duration.ofSeconds(10), expected + " range blocks " + result,
                () -> rangeBlocks(bucket, result) == expected);
    }

    private static byte[] range(S3Client gateway, String bucket, String key, String range) {
        return gateway.getObjectAsBytes(b -> b.bucket(bucket).key(key).range(range)).asByteArray();
    }

    private static byte[] tail(byte[] body, int length) {
        return Arrays.copyOfRange(body, body.length - length, body.length);
    }

    @Test
    void aColdGetFillsWithOneOriginGetAndTheOtherGatewayServesItFromPostgres() throws Exception {
        String bucket = frontedBucket("fill", "PT1H");
        for (int size : new int[] {5_000, 300_000}) {
            String key = "data/part-" + size + ".parquet";
            byte[] body = Bodies.bytes(size, size);
            String originEtag = direct.putObject(b -> b.bucket(originBucketOf(bucket)).key(key)
                    .contentType("application/vnd.apache.parquet").metadata(Map.of("writer", "spark")),
                    RequestBody.fromBytes(body)).eTag();
            double before = originRequests(bucket, "GetObject");
            try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
                ResponseBytes<GetObjectResponse> cold = first.getObjectAsBytes(b -> b.bucket(bucket).key(key));
                assertArrayEquals(body, cold.asByteArray());
                assertEquals(originEtag, cold.response().eTag());
                assertEquals("application/vnd.apache.parquet", cold.response().contentType());
                assertEquals("spark", cold.response().metadata().get("writer"));
                assertEquals(before + 1, originRequests(bucket, "GetObject"), "one origin GET for the cold read");

                ResponseBytes<GetObjectResponse> warm = second.getObjectAsBytes(b -> b.bucket(bucket).key(key));
                assertArrayEquals(body, warm.asByteArray());
                assertEquals(originEtag, warm.response().eTag());
                assertEquals(before + 1, originRequests(bucket, "GetObject"), "no origin request for the warm read");
                assertEquals(size, second.headObject(b -> b.bucket(bucket).key(key)).contentLength());
                assertEquals(0, originRequests(bucket, "HeadObject"), "a cached object's HEAD asks no origin");
            }
        }
    }

    @Test
    void concurrentColdReadsOnBothGatewaysMakeOneOriginGetAndOnePublication() throws Exception {
        String bucket = frontedBucket("coalesce", "PT1H");
        byte[] body = Bodies.bytes(6 << 20, 21);
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("hot.parquet"), RequestBody.fromBytes(body));
        double gets = originRequests(bucket, "GetObject");
        int readers = 8;
        CyclicBarrier start = new CyclicBarrier(readers);
        ExecutorService pool = Executors.newFixedThreadPool(readers);
        try {
            List<Future<byte[]>> reads = new ArrayList<>();
            for (int i = 0; i < readers; i++) {
                int gateway = i % 2;
                reads.add(pool.submit(() -> {
                    try (S3Client client = Clients.s3(gateway)) {
                        start.await();
                        return client.getObjectAsBytes(b -> b.bucket(bucket).key("hot.parquet")).asByteArray();
                    }
                }));
            }
            for (Future<byte[]> read : reads) {
                assertArrayEquals(body, read.get(2, TimeUnit.MINUTES));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(gets + 1, originRequests(bucket, "GetObject"), "one origin GET for eight concurrent cold reads");
        // the fill's own client may be answered before the publication: wait for it, then count
        Await.until(Duration.ofSeconds(30), "the fill published", () -> Database.objectRows(bucket) == 1);
        assertEquals(1, fills(bucket, "published"), "one publication");
    }

    @Test
    void aColdGetIsServedFromTheDownloadAndADeleteAfterItsFirstBytesDiscardsTheFill() throws Exception {
        int size = 8 << 20;
        try (DelayLine slow = new DelayLine(new InetSocketAddress(origin.endpoint().getHost(), origin.endpoint().getPort()),
                Duration.ZERO, 2 << 20)) { // 2 MiB/s: each download takes 4 s
            String bucket = frontedBucket("arriving", "PT1H", WRITE_BACK_ABOVE, URI.create("http://127.0.0.1:" + slow.port()));
            byte[] served = Bodies.bytes(size, 71);
            byte[] deleted = Bodies.bytes(size, 72);
            direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("served.parquet"), RequestBody.fromBytes(served));
            direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("deleted.parquet"), RequestBody.fromBytes(deleted));
            try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
                long before = slow.bytesToClients();
                try (ResponseInputStream<GetObjectResponse> body = first.getObject(b -> b.bucket(bucket).key("served.parquet"))) {
                    byte[] start = body.readNBytes(64 << 10);
                    assertTrue(slow.bytesToClients() - before < size, "the client had bytes before the download ended");
                    assertEquals(0, Database.objectRows(bucket), "nothing is visible before its publication");
                    assertArrayEquals(served, MultipartIT.concat(start, body.readAllBytes()));
                }
                Await.until(Duration.ofSeconds(30), "the fill published after its client was served",
                        () -> Database.objectRows(bucket) == 1);
                double gets = originRequests(bucket, "GetObject");
                assertArrayEquals(served, second.getObjectAsBytes(b -> b.bucket(bucket).key("served.parquet")).asByteArray());
                assertEquals(gets, originRequests(bucket, "GetObject"), "the other gateway serves the publication");

                double discarded = fills(bucket, "discarded");
                before = slow.bytesToClients();
                try (ResponseInputStream<GetObjectResponse> body = first.getObject(b -> b.bucket(bucket).key("deleted.parquet"))) {
                    byte[] start = body.readNBytes(64 << 10);
                    second.deleteObject(b -> b.bucket(bucket).key("deleted.parquet"));
                    assertTrue(slow.bytesToClients() - before < size, "the delete came before the download ended");
                    assertArrayEquals(deleted, MultipartIT.concat(start, body.readAllBytes()),
                            "a client served before the delete keeps the origin's bytes of that time");
                }
                Await.until(Duration.ofSeconds(30), "the fill discarded", () -> fills(bucket, "discarded") == discarded + 1);
                assertThrows(NoSuchKeyException.class, () -> first.headObject(b -> b.bucket(bucket).key("deleted.parquet")));
                assertThrows(NoSuchKeyException.class, () -> second.getObject(b -> b.bucket(bucket).key("deleted.parquet")));
                assertEquals(1, Database.objectRows(bucket), "only the served object is held");
            }
        }
    }

    @Test
    void aPutReachesTheOriginBeforeItIsAnsweredAndIsThenServedFromTheCache() throws Exception {
        String bucket = frontedBucket("through", "PT1H");
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            for (int size : new int[] {1_000, 200_000}) {
                String key = "written-" + size;
                byte[] body = Bodies.bytes(size, 7 + size);
                String etag = first.putObject(b -> b.bucket(bucket).key(key).contentType("text/csv"),
                        RequestBody.fromBytes(body)).eTag();
                ResponseBytes<GetObjectResponse> atOrigin = direct.getObjectAsBytes(
                        b -> b.bucket(originBucketOf(bucket)).key(key));
                assertArrayEquals(body, atOrigin.asByteArray(), "at the origin as soon as the PUT is answered");
                assertEquals(etag, atOrigin.response().eTag());
                assertEquals("text/csv", atOrigin.response().contentType());
                assertArrayEquals(body, second.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asByteArray());
            }
            assertEquals(0, originRequests(bucket, "GetObject"), "written-through objects are served from the cache");
        }
    }

    @Test
    void aDeleteReachesTheOriginAndNoGatewayServesTheKeyAfterwards() throws Exception {
        String bucket = frontedBucket("delete", "PT1H");
        byte[] body = Bodies.bytes(10_000, 3);
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("doomed"), RequestBody.fromBytes(body));
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            assertArrayEquals(body, second.getObjectAsBytes(b -> b.bucket(bucket).key("doomed")).asByteArray());
            first.deleteObject(b -> b.bucket(bucket).key("doomed"));
            assertThrows(NoSuchKeyException.class, () -> direct.headObject(b -> b.bucket(originBucketOf(bucket)).key("doomed")));
            assertThrows(NoSuchKeyException.class, () -> first.getObject(b -> b.bucket(bucket).key("doomed")));
            assertThrows(NoSuchKeyException.class, () -> second.getObject(b -> b.bucket(bucket).key("doomed")));
        }
    }

    @Test
    void pastItsTtlAnObjectIsRevalidatedAndANewVersionAtTheOriginIsServed() throws Exception {
        // a TTL of zero: every read asks the origin whether the cached version is still its own
        String bucket = frontedBucket("ttl", "PT0S");
        String originBucket = originBucketOf(bucket);
        direct.putObject(b -> b.bucket(originBucket).key("table/metadata.json"), RequestBody.fromString("v1"));
        try (S3Client gateway = Clients.s3(0)) {
            assertEquals("v1", gateway.getObjectAsBytes(b -> b.bucket(bucket).key("table/metadata.json")).asUtf8String());
            double fills = originRequests(bucket, "GetObject");
            assertEquals("v1", gateway.getObjectAsBytes(b -> b.bucket(bucket).key("table/metadata.json")).asUtf8String());
            assertEquals(fills + 1, originRequests(bucket, "GetObject"), "one conditional GET revalidates");

            direct.putObject(b -> b.bucket(originBucket).key("table/metadata.json"), RequestBody.fromString("v2, longer"));
            assertEquals("v2, longer",
                    gateway.getObjectAsBytes(b -> b.bucket(bucket).key("table/metadata.json")).asUtf8String());

            direct.deleteObject(b -> b.bucket(originBucket).key("table/metadata.json"));
            assertThrows(NoSuchKeyException.class, () -> gateway.getObject(b -> b.bucket(bucket).key("table/metadata.json")));
        }
    }

    @Test
    void aListingIsTheOriginsAndPagesWithContinuationTokens() throws Exception {
        String bucket = frontedBucket("list", "PT1H");
        List<String> keys = List.of("a/1", "a/2", "b", "c/x/1", "d");
        for (String key : keys) {
            direct.putObject(b -> b.bucket(originBucketOf(bucket)).key(key), RequestBody.fromString(key));
        }
        try (S3Client gateway = Clients.s3(1)) {
            List<String> seen = new ArrayList<>();
            String token = null;
            do {
                String current = token;
                ListObjectsV2Response page = gateway.listObjectsV2(ListObjectsV2Request.builder().bucket(bucket)
                        .maxKeys(2).continuationToken(current).build());
                page.contents().stream().map(S3Object::key).forEach(seen::add);
                token = page.nextContinuationToken();
            } while (token != null);
            assertEquals(keys, seen);

            ListObjectsV2Response grouped = gateway.listObjectsV2(b -> b.bucket(bucket).delimiter("/"));
            assertEquals(List.of("b", "d"), grouped.contents().stream().map(S3Object::key).toList());
            assertEquals(List.of("a/", "c/"), grouped.commonPrefixes().stream().map(p -> p.prefix()).toList());
        }
    }

    /**
     * The AWS CLI through both gateways: a cold download is one origin GET and a download on the other
     * gateway none; a small upload is at the origin when the CLI returns; a multipart upload is a
     * write-back, listed while pending and drained byte-exact; a removal reaches the origin.
     */
    @Test
    void theAwsCliFillsWritesThroughWritesBackAndDeletesThroughTwoGateways(@TempDir Path dir) throws Exception {
        String bucket = frontedBucket("cli", "PT1H");
        String originBucket = originBucketOf(bucket);
        AwsCli aws = new AwsCli(dir);
        byte[] cold = Bodies.bytes(5 << 20, 71); // below the CLI's 8 MiB multipart threshold: one GET
        direct.putObject(b -> b.bucket(originBucket).key("data/part-0.parquet"), RequestBody.fromBytes(cold));

        Path first = dir.resolve("first");
        aws.run(0, "s3", "cp", "s3://" + bucket + "/data/part-0.parquet", first.toString());
        assertArrayEquals(cold, Files.readAllBytes(first));
        assertEquals(1, originRequests(bucket, "GetObject"), "a cold download is one origin GET");
        Await.until(Duration.ofSeconds(30), "the fill is published", () -> fills(bucket, "published") == 1);
        Path second = dir.resolve("second");
        aws.run(1, "s3", "cp", "s3://" + bucket + "/data/part-0.parquet", second.toString());
        assertArrayEquals(cold, Files.readAllBytes(second));
        assertEquals(1, originRequests(bucket, "GetObject"), "the other gateway serves it from PostgreSQL");

        Path small = dir.resolve("small.json");
        Files.writeString(small, "{\"format-version\": 2}");
        aws.run(1, "s3", "cp", small.toString(), "s3://" + bucket + "/metadata/v1.metadata.json");
        assertEquals("{\"format-version\": 2}", direct.getObjectAsBytes(
                b -> b.bucket(originBucket).key("metadata/v1.metadata.json")).asUtf8String(), "written through");

        byte[] large = Bodies.bytes((20 << 20) + 13, 72); // above 8 MiB: the CLI uploads it in parts
        Path upload = dir.resolve("large.bin");
        Files.write(upload, large);
        pauseDrain(bucket, true);
        aws.run(0, "s3", "cp", upload.toString(), "s3://" + bucket + "/data/part-1.parquet");
        assertThrows(NoSuchKeyException.class, () -> direct.headObject(b -> b.bucket(originBucket).key("data/part-1.parquet")),
                "a multipart upload is written back");
        String listed = aws.run(1, "s3", "ls", "s3://" + bucket + "/data/");
        assertTrue(listed.contains("part-0.parquet") && listed.contains(large.length + " part-1.parquet"), listed);
        pauseDrain(bucket, false);
        awaitDrained(bucket);
        assertArrayEquals(large, direct.getObjectAsBytes(b -> b.bucket(originBucket).key("data/part-1.parquet")).asByteArray());

        aws.run(0, "s3", "rm", "s3://" + bucket + "/metadata/v1.metadata.json");
        assertThrows(NoSuchKeyException.class,
                () -> direct.headObject(b -> b.bucket(originBucket).key("metadata/v1.metadata.json")), "the delete reached the origin");
        String rest = aws.run(1, "s3api", "list-objects-v2", "--bucket", bucket);
        assertFalse(rest.contains("v1.metadata.json"), rest);
    }

    @Test
    void whileTheOriginIsDownCachedReadsAreServedAndEverythingElseIs503() throws Exception {
        String bucket = frontedBucket("outage", "PT1H");
        String stale = frontedBucket("outage-stale", "PT0S");
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("warm"), RequestBody.fromString("warm"));
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("cold"), RequestBody.fromString("cold"));
        direct.putObject(b -> b.bucket(originBucketOf(stale)).key("old"), RequestBody.fromString("old"));
        try (S3Client gateway = Clients.s3(0)) {
            assertEquals("warm", gateway.getObjectAsBytes(b -> b.bucket(bucket).key("warm")).asUtf8String());
            assertEquals("old", gateway.getObjectAsBytes(b -> b.bucket(stale).key("old")).asUtf8String());
            origin.stop();
            try {
                assertEquals("warm", gateway.getObjectAsBytes(b -> b.bucket(bucket).key("warm")).asUtf8String());
                assertEquals("old", gateway.getObjectAsBytes(b -> b.bucket(stale).key("old")).asUtf8String(),
                        "past its TTL, served stale");
                for (Runnable refused : List.<Runnable>of(
                        () -> gateway.getObject(b -> b.bucket(bucket).key("cold")),
                        () -> gateway.putObject(b -> b.bucket(bucket).key("new"), RequestBody.fromString("new")),
                        () -> gateway.deleteObject(b -> b.bucket(bucket).key("warm")),
                        () -> gateway.listObjectsV2(b -> b.bucket(bucket)))) {
                    S3Exception e = assertThrows(S3Exception.class, refused::run);
                    assertEquals(503, e.statusCode());
                    assertEquals("ServiceUnavailable", e.awsErrorDetails().errorCode());
                }
                assertTrue(Scrape.of(Stack.adminEndpoint(0)).value("pgvs3_origin_stale_serves_total", "bucket=" + stale) >= 1);
            } finally {
                origin.start();
            }
            assertEquals("cold", gateway.getObjectAsBytes(b -> b.bucket(bucket).key("cold")).asUtf8String());
            assertEquals("warm", gateway.getObjectAsBytes(b -> b.bucket(bucket).key("warm")).asUtf8String(),
                    "the failed delete changed nothing");
        }
    }

    @Test
    void aLargePutIsAcknowledgedBeforeTheOriginHasItIsListedWhilePendingAndDrainsByteExact() throws Exception {
        String bucket = frontedBucket("writeback", "PT1H");
        String originBucket = originBucketOf(bucket);
        byte[] body = Bodies.bytes(WRITE_BACK_ABOVE + 100_000, 11);
        direct.putObject(b -> b.bucket(originBucket).key("big/0-at-origin"), RequestBody.fromString("old"));
        pauseDrain(bucket, true);
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            first.putObject(b -> b.bucket(bucket).key("big/1.parquet").contentType("application/vnd.apache.parquet"),
                    RequestBody.fromBytes(body));
            assertThrows(NoSuchKeyException.class, () -> direct.headObject(b -> b.bucket(originBucket).key("big/1.parquet")),
                    "acknowledged before it reaches the origin");
            assertArrayEquals(body, second.getObjectAsBytes(b -> b.bucket(bucket).key("big/1.parquet")).asByteArray());
            assertEquals(1, pending(bucket));
            awaitGauge(bucket, "pgvs3_origin_outbox_pending", 1);
            awaitGauge(bucket, "pgvs3_origin_outbox_pending_bytes", body.length);

            ListObjectsV2Response flat = second.listObjectsV2(b -> b.bucket(bucket).prefix("big/"));
            assertEquals(List.of("big/0-at-origin", "big/1.parquet"), flat.contents().stream().map(S3Object::key).toList());
            assertEquals(body.length, flat.contents().get(1).size());
            ListObjectsV2Response grouped = second.listObjectsV2(b -> b.bucket(bucket).delimiter("/"));
            assertEquals(List.of("big/"), grouped.commonPrefixes().stream().map(p -> p.prefix()).toList());
            assertEquals(409, Admin.send(0, "DELETE", "/admin/origins/" + bucket, null).statusCode(),
                    "no detach while write-backs are pending");

            pauseDrain(bucket, false);
            awaitDrained(bucket);
            awaitGauge(bucket, "pgvs3_origin_outbox_pending", 0);
            ResponseBytes<GetObjectResponse> atOrigin = direct.getObjectAsBytes(b -> b.bucket(originBucket).key("big/1.parquet"));
            assertArrayEquals(body, atOrigin.asByteArray());
            assertEquals("application/vnd.apache.parquet", atOrigin.response().contentType());
            assertArrayEquals(body, first.getObjectAsBytes(b -> b.bucket(bucket).key("big/1.parquet")).asByteArray());
        }
    }

    @Test
    void aWriteBackWhileTheOriginIsDownIsAcknowledgedAndDrainsWhenItIsBack() throws Exception {
        String bucket = frontedBucket("writeback-outage", "PT1H");
        byte[] body = Bodies.bytes(WRITE_BACK_ABOVE + 1, 12);
        try (S3Client gateway = Clients.s3(0)) {
            origin.stop();
            try {
                gateway.putObject(b -> b.bucket(bucket).key("during-outage"), RequestBody.fromBytes(body));
                assertArrayEquals(body, gateway.getObjectAsBytes(b -> b.bucket(bucket).key("during-outage")).asByteArray());
            } finally {
                origin.start();
            }
            awaitDrained(bucket);
            assertArrayEquals(body, direct.getObjectAsBytes(b -> b.bucket(originBucketOf(bucket)).key("during-outage"))
                    .asByteArray());
        }
    }

    @Test
    void aNewerWriteOrADeleteOfAPendingKeyWinsOverItsFlush() throws Exception {
        String bucket = frontedBucket("writeback-race", "PT1H");
        String originBucket = originBucketOf(bucket);
        pauseDrain(bucket, true);
        try (S3Client gateway = Clients.s3(0)) {
            gateway.putObject(b -> b.bucket(bucket).key("overwritten"),
                    RequestBody.fromBytes(Bodies.bytes(WRITE_BACK_ABOVE + 1, 13)));
            gateway.putObject(b -> b.bucket(bucket).key("overwritten"), RequestBody.fromString("newer, written through"));
            gateway.putObject(b -> b.bucket(bucket).key("deleted"),
                    RequestBody.fromBytes(Bodies.bytes(WRITE_BACK_ABOVE + 1, 14)));
            gateway.deleteObject(b -> b.bucket(bucket).key("deleted"));
            assertEquals(0, pending(bucket), "the newer write and the delete cancelled both flushes");
            pauseDrain(bucket, false);
            assertEquals("newer, written through",
                    direct.getObjectAsBytes(b -> b.bucket(originBucket).key("overwritten")).asUtf8String());
            assertThrows(NoSuchKeyException.class, () -> direct.headObject(b -> b.bucket(originBucket).key("deleted")));
            assertThrows(NoSuchKeyException.class, () -> gateway.headObject(b -> b.bucket(bucket).key("deleted")));
        }
    }

    @Test
    void aDeleteWhileAFillDownloadsWinsAndTheFillIsDiscarded() throws Exception {
        String bucket = gatedBucket("race-fill");
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("raced"), RequestBody.fromBytes(Bodies.bytes(300_000, 41)));
        double discarded = fills(bucket, "discarded");
        ExecutorService reader = Executors.newSingleThreadExecutor();
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            DelayLine.Hold hold = gate.holdNextResponse();
            Future<byte[]> read;
            try {
                read = reader.submit(() -> first.getObjectAsBytes(b -> b.bucket(bucket).key("raced")).asByteArray());
                assertTrue(hold.awaitHeld(Duration.ofSeconds(30)), "the fill's origin GET reached the gate");
                second.deleteObject(b -> b.bucket(bucket).key("raced"));
            } finally {
                hold.release();
            }
            ExecutionException lost = assertThrows(ExecutionException.class, () -> read.get(60, TimeUnit.SECONDS));
            assertInstanceOf(NoSuchKeyException.class, lost.getCause(), "the fill's publication lost to the delete");
            assertEquals(discarded + 1, fills(bucket, "discarded"));
            assertThrows(NoSuchKeyException.class, () -> first.headObject(b -> b.bucket(bucket).key("raced")));
            assertThrows(NoSuchKeyException.class, () -> second.getObject(b -> b.bucket(bucket).key("raced")));
            assertThrows(NoSuchKeyException.class, () -> direct.headObject(b -> b.bucket(originBucketOf(bucket)).key("raced")));
        } finally {
            reader.shutdownNow();
        }
    }

    @Test
    void anOverwriteWhileAFlushUploadsWaitsForItAndTheOriginEndsWithTheNewerVersion() throws Exception {
        String bucket = gatedBucket("race-drain");
        pauseDrain(bucket, true);
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            first.putObject(b -> b.bucket(bucket).key("table.parquet"),
                    RequestBody.fromBytes(Bodies.bytes(WRITE_BACK_ABOVE + 1_000, 42)));
            DelayLine.Hold hold = gate.holdNextResponse();
            Future<?> overwrite;
            try {
                pauseDrain(bucket, false);
                assertTrue(hold.awaitHeld(Duration.ofSeconds(30)), "the flush's origin PUT reached the gate");
                overwrite = writer.submit(() -> second.putObject(b -> b.bucket(bucket).key("table.parquet"),
                        RequestBody.fromString("newer, written through")));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (Database.keyLockWaiters() == 0) {
                    assertFalse(overwrite.isDone(), "the overwrite did not wait for the flush holding its key");
                    assertTrue(System.nanoTime() < deadline, "the overwrite never queued behind the flush");
                    Thread.sleep(20);
                }
            } finally {
                hold.release();
            }
            overwrite.get(60, TimeUnit.SECONDS);
            awaitDrained(bucket);
            assertEquals("newer, written through",
                    direct.getObjectAsBytes(b -> b.bucket(originBucketOf(bucket)).key("table.parquet")).asUtf8String());
            assertEquals("newer, written through",
                    first.getObjectAsBytes(b -> b.bucket(bucket).key("table.parquet")).asUtf8String());
        } finally {
            writer.shutdownNow();
        }
    }

    @Test
    void aColdRangeOfALargeObjectIsReadAtTheOriginWhileSmallObjectsAndWholeReadsFill() throws Exception {
        String bucket = frontedBucket("range", "PT1H");
        byte[] large = Bodies.bytes(12 << 20, 61);
        byte[] small = Bodies.bytes(3 << 20, 62);
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("big.parquet"), RequestBody.fromBytes(large));
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("small.parquet"), RequestBody.fromBytes(small));
        try (S3Client gateway = Clients.s3(0)) {
            // a Parquet reader's footer and a column chunk (streamed: above the small-span size)
            assertArrayEquals(Arrays.copyOfRange(large, large.length - 8, large.length), gateway.getObjectAsBytes(
                    b -> b.bucket(bucket).key("big.parquet").range("bytes=-8")).asByteArray());
            assertArrayEquals(Arrays.copyOfRange(large, 1_000_000, 3_000_000), gateway.getObjectAsBytes(
                    b -> b.bucket(bucket).key("big.parquet").range("bytes=1000000-2999999")).asByteArray());
            assertEquals(2, originRequests(bucket, "GetObject"), "one ranged origin GET per range");
            assertEquals(1, originRequests(bucket, "HeadObject"), "the origin's HEAD is remembered for the TTL");
            assertEquals(0, Database.objectRows(bucket), "a cold range of a large object is not stored");

            assertArrayEquals(Arrays.copyOfRange(small, 100, 200), gateway.getObjectAsBytes(
                    b -> b.bucket(bucket).key("small.parquet").range("bytes=100-199")).asByteArray());
            assertArrayEquals(large, gateway.getObjectAsBytes(
                    b -> b.bucket(bucket).key("big.parquet").range("bytes=0-")).asByteArray(), "a range of all of it");
            // served from their downloads, published right after
            Await.until(Duration.ofSeconds(30), "small objects and whole reads fill", () -> Database.objectRows(bucket) == 2);
            double filled = originRequests(bucket, "GetObject");
            assertArrayEquals(Arrays.copyOfRange(large, 5, 10), gateway.getObjectAsBytes(
                    b -> b.bucket(bucket).key("big.parquet").range("bytes=5-9")).asByteArray());
            assertArrayEquals(Arrays.copyOfRange(small, 7, 9), gateway.getObjectAsBytes(
                    b -> b.bucket(bucket).key("small.parquet").range("bytes=7-8")).asByteArray());
            assertEquals(filled, originRequests(bucket, "GetObject"), "filled objects are served from here");
        }
    }

    /**
     * S3FileIO reads every file from its first byte ({@code Range: bytes=0-}): all of any object, so a cold
     * one is filled at once, small or large, without the origin's HEAD that a range needing the size asks.
     */
    @Test
    void aColdRangeFromTheFirstByteToTheEndFillsWithoutAskingTheOriginsHead() throws Exception {
        String bucket = frontedBucket("range-from-zero", "PT1H");
        byte[] small = Bodies.bytes(200_000, 63);
        byte[] large = Bodies.bytes(9 << 20, 64);
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("metadata/v1.metadata.json"), RequestBody.fromBytes(small));
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("data/large.parquet"), RequestBody.fromBytes(large));
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            ResponseBytes<GetObjectResponse> read = first.getObjectAsBytes(
                    b -> b.bucket(bucket).key("metadata/v1.metadata.json").range("bytes=0-"));
            assertArrayEquals(small, read.asByteArray());
            assertEquals("bytes 0-199999/200000", read.response().contentRange());
            assertArrayEquals(large, first.getObjectAsBytes(
                    b -> b.bucket(bucket).key("data/large.parquet").range("bytes=0-")).asByteArray());
            assertEquals(2, originRequests(bucket, "GetObject"), "one origin GET each");
            assertEquals(0, originRequests(bucket, "HeadObject"), "no HEAD: nothing depended on the size");
            Await.until(Duration.ofSeconds(30), "both filled", () -> Database.objectRows(bucket) == 2);
            assertArrayEquals(large, second.getObjectAsBytes(
                    b -> b.bucket(bucket).key("data/large.parquet").range("bytes=0-")).asByteArray());
            assertEquals(2, originRequests(bucket, "GetObject"), "served from here afterwards");

            direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("empty"), RequestBody.empty());
            S3Exception empty = assertThrows(S3Exception.class,
                    () -> second.getObject(b -> b.bucket(bucket).key("empty").range("bytes=0-")));
            assertEquals(416, empty.statusCode(), "no byte of an empty object to serve, as S3 answers");
        }
    }

    @Test
    void aRangeCacheKeepsAlignedBlocksOfColdRangesThatBothGatewaysServeWithoutAskingTheOrigin() throws Exception {
        String bucket = rangeCachedBucket("blocks", "PT1H");
        byte[] table = Bodies.bytes((12 << 20) + 4321, 81); // 13 blocks, the last one short
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("t.parquet"), RequestBody.fromBytes(table));
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            assertArrayEquals(tail(table, 8), range(first, bucket, "t.parquet", "bytes=-8"), "the footer's magic: block 12");
            awaitRangeBlocks(bucket, "fetched", 1);
            assertArrayEquals(tail(table, 65_536), range(first, bucket, "t.parquet", "bytes=-65536"),
                    "the footer: block 11 fetched, block 12 held");
            awaitRangeBlocks(bucket, "fetched", 2);
            assertArrayEquals(Arrays.copyOfRange(table, 1_000_000, 3_000_000),
                    range(first, bucket, "t.parquet", "bytes=1000000-2999999"), "a column chunk: blocks 0 to 2");
            awaitRangeBlocks(bucket, "fetched", 5);
            assertArrayEquals(Arrays.copyOfRange(table, 2_000_000, 6_000_000),
                    range(first, bucket, "t.parquet", "bytes=2000000-5999999"), "blocks 1 and 2 held, 3 to 5 fetched");
            awaitRangeBlocks(bucket, "fetched", 8);
            assertEquals(4, originRequests(bucket, "GetObject"), "one origin GET per run of missing blocks");
            assertEquals(1, originRequests(bucket, "HeadObject"), "the origin's HEAD is remembered for the TTL");
            assertEquals(0, Database.objectRows(bucket), "the object is not filled whole");
            assertEquals(8, Database.rangeBlocks(bucket));
            assertEquals(3, rangeBlocks(bucket, "hit"));

            String[] overlapping = {"bytes=-8", "bytes=-65536", "bytes=1000000-2999999", "bytes=2000000-5999999",
                    "bytes=500000-5000000", "bytes=2097152-3145727"};
            for (S3Client gateway : List.of(first, second)) {
                for (String r : overlapping) {
                    String[] bounds = r.substring("bytes=".length()).split("-");
                    byte[] expected = bounds[0].isEmpty() ? tail(table, Integer.parseInt(bounds[1]))
                            : Arrays.copyOfRange(table, Integer.parseInt(bounds[0]), Integer.parseInt(bounds[1]) + 1);
                    assertArrayEquals(expected, range(gateway, bucket, "t.parquet", r), r);
                }
            }
            // per gateway 1 + 2 + 3 + 5 + 5 + 1 blocks, every one held
            awaitRangeBlocks(bucket, "hit", 3 + 2 * 17);
            assertEquals(4, originRequests(bucket, "GetObject"), "overlapping ranges on both gateways ask the origin nothing");
            assertEquals(1, originRequests(bucket, "HeadObject"));
            assertEquals(8, rangeBlocks(bucket, "fetched"));
            assertEquals(0, Database.unreferencedChunkRows(bucket));

            assertArrayEquals(table, first.getObjectAsBytes(b -> b.bucket(bucket).key("t.parquet")).asByteArray(),
                    "a whole GET fills as before");
            Await.until(Duration.ofSeconds(30), "the whole object is published and its blocks are reaped with their rows",
                    () -> Database.objectRows(bucket) == 1 && Database.rangeBlocks(bucket) == 0
                            && Database.unreferencedChunkRows(bucket) == 0);
        }
    }

    @Test
    void aWriteOrADeleteOfTheKeyIsNeverServedFromBlocksFetchedBeforeIt() throws Exception {
        String bucket = rangeCachedBucket("blockfence", "PT1H");
        byte[] v1 = Bodies.bytes(12 << 20, 82);
        byte[] v2 = Bodies.bytes(12 << 20, 83);
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("t.parquet"), RequestBody.fromBytes(v1));
        String chunk = "bytes=3000000-4999999"; // blocks 2 to 4
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            assertArrayEquals(Arrays.copyOfRange(v1, 3_000_000, 5_000_000), range(first, bucket, "t.parquet", chunk));
            awaitRangeBlocks(bucket, "fetched", 3);

            first.putObject(b -> b.bucket(bucket).key("t.parquet"), RequestBody.fromBytes(v2)); // written through
            assertArrayEquals(Arrays.copyOfRange(v2, 3_000_000, 5_000_000), range(second, bucket, "t.parquet", chunk));
            first.deleteObject(b -> b.bucket(bucket).key("t.parquet"));
            assertThrows(NoSuchKeyException.class, () -> range(second, bucket, "t.parquet", chunk));

            // the origin holds the first version again: the ETag of the blocks still here
            direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("t.parquet"), RequestBody.fromBytes(v1));
            double gets = originRequests(bucket, "GetObject");
            assertArrayEquals(Arrays.copyOfRange(v1, 3_000_000, 5_000_000), range(second, bucket, "t.parquet", chunk));
            assertEquals(gets + 1, originRequests(bucket, "GetObject"), "blocks fetched before a write or delete never serve");
            awaitRangeBlocks(bucket, "fetched", 6);
            Await.until(Duration.ofSeconds(30), "the blocks fetched before the write are reaped with their rows",
                    () -> Database.rangeBlocks(bucket) == 3 && Database.unreferencedChunkRows(bucket) == 0);
        }
    }

    @Test
    void pastItsTtlAnOriginSideOverwriteIsServedFromTheNewVersionsBlocks() throws Exception {
        String bucket = rangeCachedBucket("blockttl", "PT2S");
        String originBucket = originBucketOf(bucket);
        byte[] v1 = Bodies.bytes(12 << 20, 84);
        byte[] v2 = Bodies.bytes((12 << 20) + 100, 85);
        direct.putObject(b -> b.bucket(originBucket).key("t.parquet"), RequestBody.fromBytes(v1));
        String v1Etag = direct.headObject(b -> b.bucket(originBucket).key("t.parquet")).eTag().replace("\"", "");
        try (S3Client gateway = Clients.s3(0)) {
            assertArrayEquals(tail(v1, 65_536), range(gateway, bucket, "t.parquet", "bytes=-65536"));
            awaitRangeBlocks(bucket, "fetched", 1); // its last block, 11

            direct.putObject(b -> b.bucket(originBucket).key("t.parquet"), RequestBody.fromBytes(v2));
            Await.until(Duration.ofSeconds(30), "the origin's new version once the TTL ran out", () -> {
                byte[] footer = range(gateway, bucket, "t.parquet", "bytes=-65536");
                assertTrue(Arrays.equals(footer, tail(v1, 65_536)) || Arrays.equals(footer, tail(v2, 65_536)),
                        "one version's bytes or the other's, never a mix");
                return Arrays.equals(footer, tail(v2, 65_536));
            });
            Await.until(Duration.ofSeconds(30), "the first version's blocks are reaped with their rows",
                    () -> Database.rangeBlocks(bucket, v1Etag) == 0 && Database.unreferencedChunkRows(bucket) == 0);
            assertEquals(2, Database.rangeBlocks(bucket), "the new version's blocks 11 and 12");
        }
    }

    /** An upload of {@code key} with {@code bodies} as its parts, ready to complete. */
    private record Uploaded(String uploadId, List<CompletedPart> parts) {
        static Uploaded of(S3Client gateway, String bucket, String key, byte[]... bodies) {
            String upload = gateway.createMultipartUpload(b -> b.bucket(bucket).key(key)).uploadId();
            List<CompletedPart> parts = new ArrayList<>();
            for (int i = 0; i < bodies.length; i++) {
                int n = i + 1;
                String etag = gateway.uploadPart(b -> b.bucket(bucket).key(key).uploadId(upload).partNumber(n),
                        RequestBody.fromBytes(bodies[n - 1])).eTag();
                parts.add(CompletedPart.builder().partNumber(n).eTag(etag).build());
            }
            return new Uploaded(upload, parts);
        }
    }

    @Test
    void aMultipartUploadCompletesAsAWriteBackAndDrainsByteExact() throws Exception {
        String bucket = frontedBucket("writeback-mpu", "PT1H");
        byte[] first = Bodies.bytes(5 << 20, 15);
        byte[] second = Bodies.bytes(1 << 20, 16);
        byte[] whole = MultipartIT.concat(first, second);
        pauseDrain(bucket, true);
        try (S3Client gateway = Clients.s3(0)) {
            Uploaded upload = Uploaded.of(gateway, bucket, "parts.parquet", first, second);
            gateway.completeMultipartUpload(b -> b.bucket(bucket).key("parts.parquet").uploadId(upload.uploadId())
                    .multipartUpload(m -> m.parts(upload.parts())));
            assertThrows(NoSuchKeyException.class,
                    () -> direct.headObject(b -> b.bucket(originBucketOf(bucket)).key("parts.parquet")));
            assertArrayEquals(whole, gateway.getObjectAsBytes(b -> b.bucket(bucket).key("parts.parquet")).asByteArray());
            assertEquals(1, pending(bucket));
            pauseDrain(bucket, false);
            awaitDrained(bucket);
            ResponseBytes<GetObjectResponse> atOrigin = direct.getObjectAsBytes(
                    b -> b.bucket(originBucketOf(bucket)).key("parts.parquet"));
            assertArrayEquals(whole, atOrigin.asByteArray());
            assertTrue(atOrigin.response().eTag().endsWith("-2\""),
                    "above the part size (5 MiB here) a flush is a multipart upload: " + atOrigin.response().eTag());
        }
    }

    @Test
    void aConditionalCompletionIsDecidedByTheOriginBeforeItIsAnswered() throws Exception {
        String bucket = frontedBucket("conditional-mpu", "PT1H");
        String originBucket = originBucketOf(bucket);
        byte[] first = Bodies.bytes(5 << 20, 17);
        byte[] second = Bodies.bytes(300_000, 18);
        pauseDrain(bucket, true); // nothing may wait for the drain: the origin must have it at the 200
        try (S3Client gateway = Clients.s3(0); S3Client other = Clients.s3(1)) {
            Uploaded created = Uploaded.of(gateway, bucket, "manifest.avro", first, second);
            String etag = gateway.completeMultipartUpload(b -> b.bucket(bucket).key("manifest.avro")
                    .uploadId(created.uploadId()).ifNoneMatch("*").multipartUpload(m -> m.parts(created.parts()))).eTag();
            ResponseBytes<GetObjectResponse> atOrigin = direct.getObjectAsBytes(b -> b.bucket(originBucket).key("manifest.avro"));
            assertArrayEquals(MultipartIT.concat(first, second), atOrigin.asByteArray());
            assertEquals(0, pending(bucket));
            assertEquals(etag, other.headObject(b -> b.bucket(bucket).key("manifest.avro")).eTag(),
                    "the other gateway serves the completed object from the cache");

            Uploaded racing = Uploaded.of(other, bucket, "manifest.avro", Bodies.bytes(5 << 20, 19), second);
            S3Exception refused = assertThrows(S3Exception.class, () -> other.completeMultipartUpload(b -> b
                    .bucket(bucket).key("manifest.avro").uploadId(racing.uploadId()).ifNoneMatch("*")
                    .multipartUpload(m -> m.parts(racing.parts()))));
            assertEquals(412, refused.statusCode());
            assertArrayEquals(MultipartIT.concat(first, second),
                    other.getObjectAsBytes(b -> b.bucket(bucket).key("manifest.avro")).asByteArray(), "nothing changed here");
            assertEquals(2, other.listParts(b -> b.bucket(bucket).key("manifest.avro").uploadId(racing.uploadId()))
                    .parts().size(), "the refused upload stays open");
            other.abortMultipartUpload(b -> b.bucket(bucket).key("manifest.avro").uploadId(racing.uploadId()));
        }
    }

    @Test
    void copiesIntoAndOutOfAnOriginBackedBucketFollowTheTargetsRules() throws Exception {
        String bucket = frontedBucket("copy", "PT1H");
        String originBucket = originBucketOf(bucket);
        String nativeBucket = Clients.bucket("copy-native");
        byte[] small = Bodies.bytes(50_000, 21);
        byte[] large = Bodies.bytes(WRITE_BACK_ABOVE + 50_000, 22);
        direct.putObject(b -> b.bucket(originBucket).key("cold.csv").contentType("text/csv")
                .metadata(Map.of("origin", "yes")), RequestBody.fromBytes(small));
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            first.createBucket(b -> b.bucket(nativeBucket));
            // out of it: the cold source is filled once, and the copy keeps its headers
            first.copyObject(b -> b.sourceBucket(bucket).sourceKey("cold.csv")
                    .destinationBucket(nativeBucket).destinationKey("copied.csv"));
            ResponseBytes<GetObjectResponse> copied = second.getObjectAsBytes(b -> b.bucket(nativeBucket).key("copied.csv"));
            assertArrayEquals(small, copied.asByteArray());
            assertEquals("text/csv", copied.response().contentType());
            assertEquals(Map.of("origin", "yes"), copied.response().metadata());
            assertEquals(1, originRequests(bucket, "GetObject"));

            // a part copied from a cold object is filled first, as a GET is
            direct.putObject(b -> b.bucket(originBucket).key("cold-part"), RequestBody.fromBytes(large));
            String upload = first.createMultipartUpload(b -> b.bucket(nativeBucket).key("assembled")).uploadId();
            String partEtag = first.uploadPartCopy(b -> b.sourceBucket(bucket).sourceKey("cold-part")
                    .destinationBucket(nativeBucket).destinationKey("assembled").uploadId(upload).partNumber(1))
                    .copyPartResult().eTag();
            first.completeMultipartUpload(b -> b.bucket(nativeBucket).key("assembled").uploadId(upload)
                    .multipartUpload(m -> m.parts(CompletedPart.builder().partNumber(1).eTag(partEtag).build())));
            assertArrayEquals(large, second.getObjectAsBytes(b -> b.bucket(nativeBucket).key("assembled")).asByteArray());
            assertEquals(2, originRequests(bucket, "GetObject"));

            // within it, up to the threshold: at the origin before the copy is answered, the source read here
            first.copyObject(b -> b.sourceBucket(bucket).sourceKey("cold.csv")
                    .destinationBucket(bucket).destinationKey("renamed.csv"));
            ResponseBytes<GetObjectResponse> renamed = direct.getObjectAsBytes(b -> b.bucket(originBucket).key("renamed.csv"));
            assertArrayEquals(small, renamed.asByteArray());
            assertEquals("text/csv", renamed.response().contentType());
            assertEquals(2, originRequests(bucket, "GetObject"), "the source was read from the cache");

            // the origin decides a copy's condition on its target
            S3Exception refused = assertThrows(S3Exception.class, () -> first.copyObject(b -> b.sourceBucket(bucket)
                    .sourceKey("cold.csv").destinationBucket(bucket).destinationKey("renamed.csv").ifNoneMatch("*")));
            assertEquals(412, refused.statusCode());

            // into it, above the threshold: a write-back, with the metadata the copy asked for
            first.putObject(b -> b.bucket(nativeBucket).key("large.bin"), RequestBody.fromBytes(large));
            pauseDrain(bucket, true);
            first.copyObject(b -> b.sourceBucket(nativeBucket).sourceKey("large.bin").destinationBucket(bucket)
                    .destinationKey("large.bin").metadataDirective("REPLACE").contentType("application/x-large"));
            assertThrows(NoSuchKeyException.class, () -> direct.headObject(b -> b.bucket(originBucket).key("large.bin")),
                    "acknowledged before it reaches the origin");
            assertEquals(1, pending(bucket));
            assertArrayEquals(large, second.getObjectAsBytes(b -> b.bucket(bucket).key("large.bin")).asByteArray());
            pauseDrain(bucket, false);
            awaitDrained(bucket);
            ResponseBytes<GetObjectResponse> drained = direct.getObjectAsBytes(b -> b.bucket(originBucket).key("large.bin"));
            assertArrayEquals(large, drained.asByteArray());
            assertEquals("application/x-large", drained.response().contentType());
        }
    }

    @Test
    void theManagementPortDeclaresShowsAndDetachesOrigins() throws Exception {
        String bucket = frontedBucket("admin", "PT2M");
        HttpResponse<String> shown = Admin.send(1, "GET", "/admin/origins/" + bucket, null);
        assertEquals(200, shown.statusCode(), shown.body());
        assertTrue(shown.body().contains("\"ttl\":\"PT2M\""), shown.body());
        assertTrue(shown.body().contains("\"writeBackThreshold\":" + WRITE_BACK_ABOVE), shown.body());
        assertFalse(shown.body().contains(Stack.ORIGIN_SECRET_KEY), "credentials never leave the server's variables");
        HttpResponse<String> stat = Admin.send(0, "GET", "/admin/stat", null);
        assertEquals(200, stat.statusCode(), stat.body());
        assertTrue(stat.body().contains("{\"bucket\":\"%s\",\"origin\":\"%s/%s\",\"pendingObjects\":0,"
                .formatted(bucket, origin.endpoint().toString().replaceAll("/+$", ""), originBucketOf(bucket))), stat.body());
        assertFalse(stat.body().contains(Stack.ORIGIN_SECRET_KEY), stat.body());

        HttpResponse<String> unknown = Admin.send(0, "PUT", "/admin/origins/" + Clients.bucket("bad"),
                "{\"endpoint\": \"http://127.0.0.1:1\", \"credentials\": \"e2e\", \"colour\": \"blue\"}");
        assertEquals(400, unknown.statusCode());
        assertTrue(unknown.body().contains("colour"), unknown.body());
        HttpResponse<String> remote = Admin.send(0, "PUT", "/admin/origins/" + Clients.bucket("bad"),
                "{\"endpoint\": \"http://s3.example.com\", \"credentials\": \"e2e\"}");
        assertEquals(400, remote.statusCode());
        assertTrue(remote.body().contains("https"), remote.body());
        HttpResponse<String> noKeys = Admin.send(0, "PUT", "/admin/origins/" + Clients.bucket("bad"),
                "{\"endpoint\": \"http://127.0.0.1:1\", \"credentials\": \"nobody\"}");
        assertEquals(400, noKeys.statusCode());
        assertTrue(noKeys.body().contains("PGVS3_ORIGIN_CREDENTIALS_NOBODY_ACCESS_KEY"), noKeys.body());

        String nativeBucket = Clients.bucket("native");
        try (S3Client gateway = Clients.s3(0)) {
            gateway.createBucket(b -> b.bucket(nativeBucket));
            HttpResponse<String> converted = Admin.send(0, "PUT", "/admin/origins/" + nativeBucket,
                    "{\"endpoint\": \"%s\", \"credentials\": \"e2e\"}".formatted(origin.endpoint()));
            assertEquals(409, converted.statusCode(), "a native bucket is never converted");

            assertEquals(204, Admin.send(1, "DELETE", "/admin/origins/" + bucket, null).statusCode());
            assertEquals(404, Admin.send(0, "GET", "/admin/origins/" + bucket, null).statusCode());
            assertTrue(gateway.listBuckets().buckets().stream().noneMatch(b -> b.name().equals(bucket)));
            assertEquals(404, Admin.send(0, "DELETE", "/admin/origins/" + nativeBucket, null).statusCode(),
                    "detaching is for origin-backed buckets only");
        }
    }
}
