package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ObjectCannedACL;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * A read-only gateway on a real PostgreSQL 18 streaming standby (docs/adr/0035): a primary stack with one
 * gateway, a standby of its database made here ({@link StandbyDatabase}) on the port a second stack would
 * use for its own database, and that second stack's one gateway pointed at the standby with
 * PGVS3_READ_ONLY. Writes go to the primary's gateway; the standby's serves them once replayed.
 */
class StandbyIT {

    private static final int SHIFT = 110;
    /**
     * The gateways' ports, below 32768: with a large suite offset the shifted base ports fall into Linux's
     * ephemeral range, where a client socket of anything on the host may hold one. Inside the offset's band
     * of the database port (25432 + offset .. + 999).
     */
    private static final int FIRST_GATEWAY_PORT = 25432 + Integer.getInteger("pgvs3.e2e.portOffset", 0) + 300;
    /** Readiness of the standby's gateway is DOWN while replay trails by more than this. */
    private static final Duration MAX_LAG = Duration.ofSeconds(3);
    private static final Duration REPLAY_DEADLINE = Duration.ofSeconds(60);
    private static final String READ_ONLY = "This gateway is read-only";
    /** The standby gateway's lock, chunk statement and socket timeouts: longer than any test here waits. */
    private static final Duration LONG_WAIT = Duration.ofSeconds(120);
    /** The standby gateway's chunk-pool sessions (server.xml's onConnect). */
    private static final String CHUNK_SESSIONS = "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pgvs3-chunk'";

    private static StackScript primary;
    private static StackScript reader;
    private static StandbyDatabase standby;
    private static S3Client writes;
    private static S3Client reads;
    private static final String BUCKET = Clients.bucket("standby");

    @BeforeAll
    static void start() throws Exception {
        primary = new StackScript("stack-standby-primary", SHIFT, 1, gatewayPorts(0));
        primary.startFresh();
        writes = client(primary);
        writes.createBucket(b -> b.bucket(BUCKET)); // the layout and a namespace exist before the backup

        StackScript probe = new StackScript("stack-standby-reader", SHIFT + 1, 1, Map.of());
        probe.reset();
        standby = StandbyDatabase.start(primary.get("PGVS3_JDBC_URL"), primary.get("PGVS3_DB_USER"),
                primary.get("PGVS3_DB_PASSWORD"), primary.stateDir().resolveSibling("stack-standby-pgdata"),
                probe.port(25432));
        Files.createDirectories(probe.stateDir());
        Path password = probe.stateDir().resolve("db-password");
        Files.writeString(password, primary.get("PGVS3_DB_PASSWORD"));
        Map<String, String> readerEnv = new HashMap<>(gatewayPorts(1));
        readerEnv.putAll(Map.of(
                "PGVS3_STACK_DB_URL", standby.jdbcUrl(),
                "PGVS3_READ_ONLY", "true",
                "PGVS3_READ_ONLY_MAX_LAG", MAX_LAG.toString(),
                "PGVS3_ACCESS_KEY", primary.get("PGVS3_ACCESS_KEY"),
                "PGVS3_SECRET_KEY", primary.get("PGVS3_SECRET_KEY"),
                // a read waiting for a lock the standby's replay holds waits for the conflict, not a timeout
                "PGVS3_DB_LOCK_TIMEOUT", String.valueOf(LONG_WAIT.toSeconds()),
                "PGVS3_DB_CHUNK_STATEMENT_TIMEOUT", String.valueOf(LONG_WAIT.toSeconds()),
                "PGVS3_DB_CHUNK_SOCKET_TIMEOUT", String.valueOf(LONG_WAIT.toSeconds() + 60)));
        reader = new StackScript("stack-standby-reader", SHIFT + 1, 1, readerEnv);
        reader.up();
        reads = client(reader);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (reader != null) {
                reader.down();
            }
        } finally {
            try {
                if (standby != null) {
                    standby.close();
                }
            } finally {
                if (primary != null) {
                    primary.down();
                }
            }
        }
    }

    @Test
    void inlineChunkedAndMultipartObjectsAreServedByteExactOnceReplayed() throws Exception {
        byte[] inline = Bodies.bytes(1_000, 1);
        byte[] chunked = Bodies.bytes(3 << 20, 2); // several read pieces: one snapshot on a standby
        byte[] part1 = Bodies.bytes(5 << 20, 3);
        byte[] part2 = Bodies.bytes(1 << 20, 4);
        writes.putObject(b -> b.bucket(BUCKET).key("replayed/inline"), RequestBody.fromBytes(inline));
        writes.putObject(b -> b.bucket(BUCKET).key("replayed/chunked"), RequestBody.fromBytes(chunked));
        String upload = writes.createMultipartUpload(b -> b.bucket(BUCKET).key("replayed/multipart")).uploadId();
        String etag1 = writes.uploadPart(b -> b.bucket(BUCKET).key("replayed/multipart").uploadId(upload).partNumber(1),
                RequestBody.fromBytes(part1)).eTag();
        String etag2 = writes.uploadPart(b -> b.bucket(BUCKET).key("replayed/multipart").uploadId(upload).partNumber(2),
                RequestBody.fromBytes(part2)).eTag();
        writes.completeMultipartUpload(b -> b.bucket(BUCKET).key("replayed/multipart").uploadId(upload)
                .multipartUpload(m -> m.parts(CompletedPart.builder().partNumber(1).eTag(etag1).build(),
                        CompletedPart.builder().partNumber(2).eTag(etag2).build())));
        byte[] multipart = concat(part1, part2);

        assertArrayEquals(inline, awaitOnStandby("replayed/inline"));
        assertArrayEquals(chunked, awaitOnStandby("replayed/chunked"));
        assertArrayEquals(multipart, awaitOnStandby("replayed/multipart"));
        assertEquals(multipart.length, reads.headObject(b -> b.bucket(BUCKET).key("replayed/multipart")).contentLength());
        byte[] range = reads.getObjectAsBytes(b -> b.bucket(BUCKET).key("replayed/multipart")
                .range("bytes=5242000-5243999")).asByteArray();
        assertArrayEquals(Arrays.copyOfRange(multipart, 5_242_000, 5_244_000), range);
        List<String> keys = reads.listObjectsV2(b -> b.bucket(BUCKET).prefix("replayed/")).contents().stream()
                .map(S3Object::key).toList();
        assertEquals(List.of("replayed/chunked", "replayed/inline", "replayed/multipart"), keys);
        assertTrue(reads.listBuckets().buckets().stream().anyMatch(b -> b.name().equals(BUCKET)));
    }

    @Test
    void anOriginBackedBucketIsServedFromReplayAndItsMissesPassThroughWithoutAFill() throws Exception {
        try (OriginPeer origin = new OriginPeer(); S3Client direct = startedClient(origin)) {
            String bucket = Clients.bucket("standby-origin");
            String originBucket = bucket.replaceFirst("^e2e-", "src-");
            direct.createBucket(b -> b.bucket(originBucket));
            byte[] filled = Bodies.bytes(5_000, 5);
            byte[] cold = Bodies.bytes(300_000, 6);
            direct.putObject(b -> b.bucket(originBucket).key("filled"), RequestBody.fromBytes(filled));
            direct.putObject(b -> b.bucket(originBucket).key("cold"), RequestBody.fromBytes(cold));
            HttpResponse<String> declared = Admin.send(primary.get("PGVS3_ADMIN_ENDPOINTS").split(" ")[0],
                    primary.get("PGVS3_ACCESS_KEY"), primary.get("PGVS3_SECRET_KEY"), "PUT", "/admin/origins/" + bucket,
                    "{\"endpoint\": \"%s\", \"credentials\": \"e2e\", \"originBucket\": \"%s\", \"ttl\": \"PT0S\"}"
                            .formatted(origin.endpoint(), originBucket));
            assertEquals(201, declared.statusCode(), declared.body());
            assertArrayEquals(filled, writes.getObjectAsBytes(b -> b.bucket(bucket).key("filled")).asByteArray());
            // the WAL is ordered: once a later write is replayed, the fill is too
            writes.putObject(b -> b.bucket(BUCKET).key("after-the-fill"), RequestBody.fromString("x"));
            awaitOnStandby("after-the-fill");

            String readerAdmin = reader.get("PGVS3_ADMIN_ENDPOINTS").split(" ")[0];
            Scrape before = Scrape.of(readerAdmin);
            assertArrayEquals(filled, reads.getObjectAsBytes(b -> b.bucket(bucket).key("filled")).asByteArray(),
                    "served from replay, past its TTL: a standby never revalidates");
            assertArrayEquals(cold, reads.getObjectAsBytes(b -> b.bucket(bucket).key("cold")).asByteArray());
            Scrape after = Scrape.of(readerAdmin);
            String[] gets = {"bucket=" + bucket, "operation=GetObject"};
            assertEquals(before.value("pgvs3_origin_requests_total", gets) + 1, after.value("pgvs3_origin_requests_total", gets),
                    "one origin GET: the cold key's pass-through");
            assertEquals(1, after.value("pgvs3_origin_fills_total", "bucket=" + bucket, "result=passthrough"));
            assertEquals(0, after.value("pgvs3_origin_fills_total", "bucket=" + bucket, "result=published"));
        }
    }

    private static S3Client startedClient(OriginPeer origin) throws Exception {
        origin.start();
        return origin.client();
    }

    @Test
    void everyWriteIsRefusedWithAccessDeniedAndChangesNothing() throws Exception {
        writes.putObject(b -> b.bucket(BUCKET).key("kept"), RequestBody.fromString("kept"));
        awaitOnStandby("kept");
        String other = Clients.bucket("standby-other");
        List<Executable> refused = List.of(
                () -> reads.createBucket(b -> b.bucket(other)),
                () -> reads.deleteBucket(b -> b.bucket(BUCKET)),
                () -> reads.putObject(b -> b.bucket(BUCKET).key("kept"), RequestBody.fromString("changed")),
                () -> reads.putObject(b -> b.bucket(BUCKET).key("big"), RequestBody.fromBytes(Bodies.bytes(1 << 20, 9))),
                () -> reads.deleteObject(b -> b.bucket(BUCKET).key("kept")),
                () -> reads.deleteObjects(b -> b.bucket(BUCKET).delete(d -> d.objects(o -> o.key("kept")))),
                () -> reads.copyObject(b -> b.sourceBucket(BUCKET).sourceKey("kept")
                        .destinationBucket(BUCKET).destinationKey("copy")),
                () -> reads.createMultipartUpload(b -> b.bucket(BUCKET).key("mp")),
                () -> reads.uploadPart(b -> b.bucket(BUCKET).key("mp").uploadId("x").partNumber(1),
                        RequestBody.fromString("part")),
                () -> reads.uploadPartCopy(b -> b.sourceBucket(BUCKET).sourceKey("kept").destinationBucket(BUCKET)
                        .destinationKey("mp").uploadId("x").partNumber(1)),
                () -> reads.completeMultipartUpload(b -> b.bucket(BUCKET).key("mp").uploadId("x")
                        .multipartUpload(m -> m.parts(CompletedPart.builder().partNumber(1).eTag("\"e\"").build()))),
                () -> reads.abortMultipartUpload(b -> b.bucket(BUCKET).key("mp").uploadId("x")),
                () -> reads.putBucketAcl(b -> b.bucket(BUCKET).acl(ObjectCannedACL.PRIVATE.toString())),
                () -> reads.putObjectAcl(b -> b.bucket(BUCKET).key("kept").acl(ObjectCannedACL.PRIVATE)));
        for (Executable write : refused) {
            S3Exception e = assertThrows(S3Exception.class, write);
            assertEquals(403, e.statusCode(), e.getMessage());
            assertEquals("AccessDenied", e.awsErrorDetails().errorCode());
            assertTrue(e.awsErrorDetails().errorMessage().startsWith(READ_ONLY), e.getMessage());
        }
        assertEquals("kept", reads.getObjectAsBytes(b -> b.bucket(BUCKET).key("kept")).asUtf8String());
        assertEquals("kept", writes.getObjectAsBytes(b -> b.bucket(BUCKET).key("kept")).asUtf8String());
    }

    @Test
    void respReadsWorkAndWritesAreRefusedAsOnARedisReplica() throws Exception {
        try (Jedis onPrimary = jedis(primary); Jedis onStandby = jedis(reader)) {
            onPrimary.set("standby:value", "replayed");
            awaitTrue(() -> "replayed".equals(onStandby.get("standby:value")), "the value replayed");
            JedisDataException e = assertThrows(JedisDataException.class, () -> onStandby.set("standby:value", "x"));
            assertTrue(e.getMessage().startsWith("READONLY"), e.getMessage());
            assertThrows(JedisDataException.class, () -> onStandby.del("standby:value"));
            assertEquals("replayed", onPrimary.get("standby:value"));
        }
    }

    @Test
    void readinessReportsTheLagAndGoesDownWhileReplayTrailsTooFar() throws Exception {
        String ready = awaitReadiness(200, body -> body.contains("\"replicationLagSeconds\":0"));
        assertTrue(ready.contains("\"readOnly\":true"), ready);
        assertTrue(ready.contains("\"replicationLagBytes\":0"), ready);
        assertTrue(ready.contains("\"replicationStreaming\":true"), ready);

        standby.pauseReplay();
        try {
            writes.putObject(b -> b.bucket(BUCKET).key("while-paused"), RequestBody.fromString("later"));
            String down = awaitReadiness(503, body -> true);
            assertTrue(down.contains("pgvs3.read-only.max-lag"), down);
            assertTrue(Long.parseLong(field(down, "replicationLagBytes")) > 0, down);
            assertTrue(Long.parseLong(field(down, "replicationLagSeconds")) > MAX_LAG.toSeconds(), down);
            Scrape scrape = Scrape.of(reader.get("PGVS3_ADMIN_ENDPOINTS"));
            assertTrue(scrape.value("pgvs3_replication_lag_bytes") > 0, "lag bytes gauge");
            assertTrue(scrape.value("pgvs3_replication_lag_seconds") > MAX_LAG.toSeconds(), "lag seconds gauge");
            assertThrows(S3Exception.class, () -> reads.headObject(b -> b.bucket(BUCKET).key("while-paused")));
        } finally {
            standby.resumeReplay();
        }
        awaitReadiness(200, body -> body.contains("\"replicationLagSeconds\":0"));
        assertEquals("later", new String(awaitOnStandby("while-paused"), StandardCharsets.UTF_8));
    }

    /**
     * A real recovery conflict before any byte of the body (no stand-in): the primary holds LOCK TABLE on
     * the bucket's chunks, so the gateway's first piece query on the standby waits for the lock replay
     * holds, inside a snapshot that counts a deletion left open on the primary as running. The deletion
     * commits, VACUUM removes its row, and replaying that cancels the waiting query (SQLState 40001).
     */
    @Test
    void aReadCancelledByARecoveryConflictBeforeItsBodyIsAClean503() throws Exception {
        byte[] body = Bodies.bytes(3 << 20, 21); // several pieces: one snapshot on a standby
        writes.putObject(b -> b.bucket(BUCKET).key("conflict/before"), RequestBody.fromBytes(body));
        awaitHeadOnStandby("conflict/before");
        Throwable failure;
        long conflicts;
        try (Connection locker = primaryDatabase(); DeadRows dead = deadRows()) {
            standby.conflictsAtOnce(locker);
            conflicts = standby.snapshotConflicts();
            dead.insert();
            dead.deleteInOpenTransaction();
            String chunks = chunksTable(locker);
            locker.setAutoCommit(false);
            try (Statement s = locker.createStatement()) {
                s.execute("LOCK TABLE " + chunks + " IN ACCESS EXCLUSIVE MODE");
            }
            awaitTrue(() -> standby.count("SELECT count(*) FROM pg_locks WHERE locktype = 'relation' AND granted"
                    + " AND mode = 'AccessExclusiveLock' AND relation = '" + chunks + "'::regclass") > 0,
                    "the standby replayed the primary's lock");
            CompletableFuture<Throwable> get = CompletableFuture.supplyAsync(
                    () -> failureOf(() -> reads.getObjectAsBytes(b -> b.bucket(BUCKET).key("conflict/before"))));
            awaitTrue(() -> standby.count(CHUNK_SESSIONS + " AND wait_event_type = 'Lock'") > 0,
                    "the gateway's piece query waits for the replayed lock");
            dead.removeDeleted();
            failure = get.get(LONG_WAIT.toSeconds(), TimeUnit.SECONDS);
        } finally {
            standby.conflictsAsConfigured();
        }
        S3Exception e = assertInstanceOf(S3Exception.class, failure, String.valueOf(failure));
        assertEquals(503, e.statusCode(), e.getMessage());
        assertTrue(Set.of("ServiceUnavailable", "SlowDown").contains(e.awsErrorDetails().errorCode()), e.getMessage());
        assertTrue(e.awsErrorDetails().sdkHttpResponse().firstMatchingHeader("Retry-After").isPresent(), "Retry-After");
        awaitTrue(() -> standby.snapshotConflicts() > conflicts, "a recovery conflict counted on the standby");
        assertArrayEquals(body, reads.getObjectAsBytes(b -> b.bucket(BUCKET).key("conflict/before")).asByteArray());
    }

    /**
     * A real recovery conflict mid-body (no stand-in): the client stops reading after the 200 and 1 MiB,
     * so the gateway's read session waits idle in its snapshot transaction; the primary deletes and
     * VACUUMs a row, and replay terminates that session. The client must see the body cut short, every
     * byte it got the object's, and the gateway serves the object again at once.
     */
    @Test
    void aReadCutByARecoveryConflictMidBodyEndsTheConnectionShort() throws Exception {
        int size = 32 << 20;
        byte[] body = Bodies.bytes(size, 22);
        writes.putObject(b -> b.bucket(BUCKET).key("conflict/mid-body"), RequestBody.fromBytes(body));
        awaitHeadOnStandby("conflict/mid-body");
        URL url;
        try (S3Presigner presigner = Clients.presigner(URI.create(reader.get("PGVS3_S3_ENDPOINT")),
                primary.get("PGVS3_ACCESS_KEY"), primary.get("PGVS3_SECRET_KEY"))) {
            url = presigner.presignGetObject(p -> p.signatureDuration(Duration.ofMinutes(10))
                    .getObjectRequest(g -> g.bucket(BUCKET).key("conflict/mid-body"))).url();
        }
        byte[] received;
        try (Connection primaryDb = primaryDatabase(); DeadRows dead = deadRows()) {
            standby.conflictsAtOnce(primaryDb);
            dead.insert();
            try (PausedDownload download = PausedDownload.start(url, 1 << 20)) {
                assertEquals(200, download.status(), download.head());
                assertEquals(size, download.contentLength(), download.head());
                String waiting = CHUNK_SESSIONS + " AND state = 'idle in transaction'";
                awaitTrue(() -> standby.count(waiting) > 0, "the gateway's read waits for its client in its snapshot");
                long conflicts = standby.snapshotConflicts();
                dead.removeDeleted();
                awaitTrue(() -> standby.count(waiting) == 0 && standby.snapshotConflicts() > conflicts,
                        "replay terminated the gateway's read session");
                received = download.readToEnd();
            }
        } finally {
            standby.conflictsAsConfigured();
        }
        assertTrue(received.length < size, "the body was cut short, not completed: " + received.length + " bytes");
        assertArrayEquals(Arrays.copyOf(body, received.length), received, "every byte received is the object's");
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(body, reads.getObjectAsBytes(b -> b.bucket(BUCKET).key("conflict/mid-body")).asByteArray());
        }
    }

    /** S3, admin and RESP ports of gateway {@code index} (0: the primary's, 1: the standby's). */
    private static Map<String, String> gatewayPorts(int index) {
        return Map.of("PGVS3_STACK_S3_PORT", String.valueOf(FIRST_GATEWAY_PORT + index),
                "PGVS3_STACK_ADMIN_PORT", String.valueOf(FIRST_GATEWAY_PORT + 10 + index),
                "PGVS3_STACK_RESP_PORT", String.valueOf(FIRST_GATEWAY_PORT + 20 + index),
                "PGVS3_ORIGIN_CREDENTIALS_E2E_ACCESS_KEY", Stack.ORIGIN_ACCESS_KEY,
                "PGVS3_ORIGIN_CREDENTIALS_E2E_SECRET_KEY", Stack.ORIGIN_SECRET_KEY);
    }

    private static S3Client client(StackScript stack) {
        return Clients.s3(URI.create(stack.get("PGVS3_S3_ENDPOINT")), primary.get("PGVS3_ACCESS_KEY"),
                primary.get("PGVS3_SECRET_KEY"), ApacheHttpClient.builder());
    }

    private static Jedis jedis(StackScript stack) {
        String[] hostPort = stack.get("PGVS3_RESP_ENDPOINT").split(":");
        Jedis jedis = new Jedis(hostPort[0], Integer.parseInt(hostPort[1]));
        jedis.auth(primary.get("PGVS3_SECRET_KEY"));
        return jedis;
    }

    private static Connection primaryDatabase() throws SQLException {
        return DriverManager.getConnection(primary.get("PGVS3_JDBC_URL"), primary.get("PGVS3_DB_USER"),
                primary.get("PGVS3_DB_PASSWORD"));
    }

    private static DeadRows deadRows() throws SQLException {
        return DeadRows.on(primary.get("PGVS3_JDBC_URL"), primary.get("PGVS3_DB_USER"), primary.get("PGVS3_DB_PASSWORD"));
    }

    /** The bucket's chunks table, schema-qualified. */
    private static String chunksTable(Connection db) throws SQLException {
        try (PreparedStatement ps = db.prepareStatement("SELECT schema_name FROM pgvs3.namespaces WHERE name = ?")) {
            ps.setString(1, BUCKET);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), "the bucket's namespace");
                return rs.getString(1) + ".chunks";
            }
        }
    }

    /** What {@code call} threw, or null when it returned. */
    private static Throwable failureOf(Executable call) {
        try {
            call.execute();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    /** HEADs the key on the standby's gateway until it is there. */
    private static void awaitHeadOnStandby(String key) throws Exception {
        awaitTrue(() -> failureOf(() -> reads.headObject(b -> b.bucket(BUCKET).key(key))) == null, key + " replayed");
    }

    /** GETs the key from the standby's gateway until it is there (replay is asynchronous). */
    private static byte[] awaitOnStandby(String key) throws InterruptedException {
        long deadline = System.nanoTime() + REPLAY_DEADLINE.toNanos();
        while (true) {
            try {
                ResponseBytes<GetObjectResponse> object = reads.getObjectAsBytes(b -> b.bucket(BUCKET).key(key));
                return object.asByteArray();
            } catch (S3Exception e) {
                if (e.statusCode() != 404 || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    private static void awaitTrue(Await.Check condition, String what) throws Exception {
        Await.until(REPLAY_DEADLINE, what, condition);
    }

    /** Polls the standby gateway's readiness until it answers {@code status} with a body that passes. */
    private static String awaitReadiness(int status, Predicate<String> body) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        URI uri = URI.create(reader.get("PGVS3_ADMIN_ENDPOINTS") + "/health/ready");
        long deadline = System.nanoTime() + REPLAY_DEADLINE.toNanos();
        List<String> seen = new ArrayList<>();
        while (true) {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(20)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() == status && body.test(answer.body())) {
                return answer.body();
            }
            seen.add(answer.statusCode() + " " + answer.body());
            assertTrue(System.nanoTime() < deadline, "readiness " + status + " within " + REPLAY_DEADLINE + "; last: "
                    + seen.get(seen.size() - 1));
            Thread.sleep(200);
        }
    }

    /** A number in MicroProfile Health's JSON, e.g. {@code "replicationLagBytes":123}. */
    private static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":(\\d+)").matcher(json);
        assertTrue(m.find(), name + " in " + json);
        return m.group(1);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
