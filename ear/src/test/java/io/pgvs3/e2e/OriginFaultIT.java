package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.delayline.DelayLine;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Origin-backed buckets when a gateway or the database dies (ADR 45): a gateway killed during a fill, one
 * killed during a flush, and PostgreSQL killed with write-backs waiting. The fault stack's gateways reach
 * an S3Proxy origin through a delay line ({@code deploy/delay-line}), whose gate and byte counter tell the
 * test when the fill or the flush is under way; their fill and flush leases are {@link FaultStack#ORIGIN_LEASE}.
 */
@ExtendWith(FaultStack.class)
class OriginFaultIT {

    private static final Duration CLIENT_TIMEOUT = Duration.ofMinutes(2);
    /** Writes above this are write-backs in this test's buckets. */
    private static final int WRITE_BACK_ABOVE = 1 << 20;

    private static OriginPeer origin;
    private static S3Client direct;
    /** 40 MiB/s per connection: a 200 MiB fill takes seconds, long enough to be killed half-way. */
    private static DelayLine line;

    @BeforeAll
    static void startOrigin() throws Exception {
        origin = new OriginPeer();
        origin.start();
        direct = origin.client();
        line = new DelayLine(new InetSocketAddress(origin.endpoint().getHost(), origin.endpoint().getPort()),
                Duration.ZERO, 40L << 20);
    }

    @AfterAll
    static void stopOrigin() throws Exception {
        if (line != null) {
            line.close();
        }
        if (direct != null) {
            direct.close();
        }
        if (origin != null) {
            origin.close();
        }
    }

    private static String frontedBucket(String hint) throws Exception {
        String bucket = Clients.bucket(hint);
        direct.createBucket(b -> b.bucket(originBucketOf(bucket)));
        HttpResponse<String> declared = FaultStack.admin(0, "PUT", "/admin/origins/" + bucket, """
                {"endpoint": "http://127.0.0.1:%d", "credentials": "e2e", "originBucket": "%s", "ttl": "PT1H",
                 "writeBackThreshold": %d}""".formatted(line.port(), originBucketOf(bucket), WRITE_BACK_ABOVE));
        assertEquals(201, declared.statusCode(), declared.body());
        return bucket;
    }

    private static String originBucketOf(String bucket) {
        return bucket.replaceFirst("^e2e-", "src-");
    }

    private static void pauseDrain(String bucket, boolean paused) throws Exception {
        HttpResponse<String> answer = FaultStack.admin(1, "POST", "/admin/origins/" + bucket + "/drain?pause=" + paused, "");
        assertEquals(200, answer.statusCode(), answer.body());
    }

    /** Waits until nothing of the bucket waits in the outbox, as gateway {@code gateway} shows it. */
    private static void awaitDrained(String bucket, int gateway, Duration patience) throws Exception {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            HttpResponse<String> shown = FaultStack.admin(gateway, "GET", "/admin/origins/" + bucket, null);
            if (shown.statusCode() == 200 && Admin.number(shown.body(), "pendingObjects") == 0) {
                return;
            }
            assertTrue(System.nanoTime() < deadline, "the outbox of " + bucket + " did not drain: " + shown.body());
            Thread.sleep(200);
        }
    }

    private static byte[] md5(byte[] body) throws Exception {
        return MessageDigest.getInstance("MD5").digest(body);
    }

    /** The MD5 of what the gateway serves, read as a stream (a 200 MiB body is never held whole here). */
    private static byte[] md5Of(ResponseInputStream<GetObjectResponse> body) throws Exception {
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        try (body) {
            byte[] buffer = new byte[1 << 16];
            int n;
            while ((n = body.read(buffer)) >= 0) {
                md5.update(buffer, 0, n);
            }
        }
        return md5.digest();
    }

    private static long number(String sql) throws SQLException {
        try (Connection c = FaultStack.connect(); PreparedStatement ps = c.prepareStatement(sql);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String schemaOf(String bucket) throws SQLException {
        try (Connection c = FaultStack.connect();
             PreparedStatement ps = c.prepareStatement("SELECT schema_name FROM pgvs3.namespaces WHERE name = ?")) {
            ps.setString(1, bucket);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    private static List<Path> spooledFiles() throws IOException {
        if (!Files.isDirectory(FaultStack.ORIGIN_SPOOL)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(FaultStack.ORIGIN_SPOOL)) {
            return files.toList();
        }
    }

    @Test
    void aGatewayKilledDuringAFillLeavesNothingPartialAndTheOtherGatewayFillsInTurn() throws Exception {
        String bucket = frontedBucket("fill-kill");
        byte[] body = Bodies.bytes(200 << 20, 51);
        direct.putObject(b -> b.bucket(originBucketOf(bucket)).key("big.parquet"), RequestBody.fromBytes(body));
        byte[] expected = md5(body);
        body = null; // the gateways' copies are compared by digest from here on
        try (S3Client first = FaultStack.s3(0, CLIENT_TIMEOUT); S3Client second = FaultStack.s3(1, CLIENT_TIMEOUT)) {
            long before = line.bytesToClients();
            Thread reader = new Thread(() -> {
                try {
                    md5Of(first.getObject(b -> b.bucket(bucket).key("big.parquet")));
                } catch (Exception e) {
                    // the gateway it reads from is killed
                }
            });
            reader.setDaemon(true);
            reader.start();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
            while (line.bytesToClients() - before < 50L << 20) {
                assertTrue(System.nanoTime() < deadline, "the fill did not get 50 MiB into its download");
                Thread.sleep(20);
            }
            FaultStack.killGateway(0);
            String schema = schemaOf(bucket);
            assertEquals(0, number("SELECT count(*) FROM " + schema + ".objects"), "nothing of the fill is visible");
            assertEquals(List.of(), spooledFiles(), "the killed gateway's spool file had no name to leave behind");

            assertArrayEquals(expected, md5Of(second.getObject(b -> b.bucket(bucket).key("big.parquet"))),
                    "the other gateway fills once the lease runs out, and serves every byte");
            Await.until(Duration.ofSeconds(60), "the other gateway's fill published",
                    () -> number("SELECT count(*) FROM " + schema + ".objects") == 1);
            long deadlineReaped = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
            while (number("SELECT count(*) FROM " + schema + ".chunks c WHERE NOT EXISTS (SELECT 1 FROM " + schema
                    + ".objects o WHERE o.file_id = c.file_id)") > 0) {
                assertTrue(System.nanoTime() < deadlineReaped, "chunk rows that no object references remain");
                Thread.sleep(200);
            }
        } finally {
            FaultStack.up();
        }
    }

    @Test
    void aGatewayKilledDuringAFlushLeavesItToTheOtherOnceItsLeaseRunsOut() throws Exception {
        String bucket = frontedBucket("flush-kill");
        byte[] body = Bodies.bytes(WRITE_BACK_ABOVE + 300_000, 52);
        pauseDrain(bucket, true);
        try (S3Client first = FaultStack.s3(0, CLIENT_TIMEOUT)) {
            first.putObject(b -> b.bucket(bucket).key("part-0.parquet"), RequestBody.fromBytes(body));
            killTheFlusherAndAwaitTheOther(bucket, "part-0.parquet", body, () -> pauseDrain(bucket, false));
        } finally {
            FaultStack.up();
        }
    }

    @Test
    void aMultipartFlushCutOffByAKillIsAbortedAtTheOriginByTheNextFlush() throws Exception {
        String bucket = frontedBucket("flush-parts-kill");
        byte[] body = Bodies.bytes(30 << 20, 54); // six parts of 5 MiB (the stack's part size)
        pauseDrain(bucket, true);
        try (S3Client first = FaultStack.s3(0, CLIENT_TIMEOUT)) {
            first.putObject(b -> b.bucket(bucket).key("large.parquet"), RequestBody.fromBytes(body));
            String uploads = schemaOf(bucket) + ".origin_uploads";
            pauseDrain(bucket, false);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (number("SELECT count(*) FROM " + uploads) == 0) {
                assertTrue(System.nanoTime() < deadline, "no flush began a multipart upload at the origin");
                Thread.sleep(10);
            }
            // the flush cannot complete past the gate
            int killed = killTheFlusherAndAwaitTheOther(bucket, "large.parquet", body, () -> { });
            assertEquals(0, number("SELECT count(*) FROM " + uploads), "the cut-off upload was aborted and forgotten");
            assertTrue(Scrape.of(FaultStack.adminEndpoint(1 - killed)).value("pgvs3_origin_requests_total",
                    "bucket=" + bucket, "operation=AbortMultipartUpload", "status=200") >= 1,
                    "the next flush aborted the upload the killed gateway left at the origin");
        } finally {
            FaultStack.up();
        }
    }

    /** What sends the request the gate is to hold. */
    @FunctionalInterface
    private interface Action {
        void run() throws Exception;
    }

    /**
     * Arms the gate, lets {@code start} send the flush's next origin request to it, kills the gateway whose
     * flush is held there, and waits until the other gateway has taken the flush over: the origin must end
     * with the acknowledged {@code body}.
     *
     * @return the gateway killed
     */
    private static int killTheFlusherAndAwaitTheOther(String bucket, String key, byte[] body, Action start)
            throws Exception {
        DelayLine.Hold hold = line.holdNextResponse();
        int killed;
        try {
            start.run();
            assertTrue(hold.awaitHeld(Duration.ofSeconds(30)), "the flush's origin request reached the gate");
            killed = flusher();
            FaultStack.killGateway(killed);
        } finally {
            hold.release();
        }
        awaitDrained(bucket, 1 - killed, FaultStack.ORIGIN_LEASE.multipliedBy(10));
        assertArrayEquals(body, direct.getObjectAsBytes(b -> b.bucket(originBucketOf(bucket)).key(key)).asByteArray(),
                "gateway " + killed + "'s flush was taken over and brought the acknowledged bytes");
        return killed;
    }

    /** The gateway (0 or 1) whose session holds a key's lock: the one flushing. */
    private static int flusher() throws Exception {
        long port = number("SELECT coalesce(max(a.client_port), 0) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                + " WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = 'pgvs3-main'");
        assertTrue(port > 0, "no session holds a key's lock");
        List<ProcessHandle> gateways = List.of(FaultStack.gateway(0), FaultStack.gateway(1));
        Optional<ProcessHandle> owner = SocketOwners.ownerOf((int) port, gateways);
        assertTrue(owner.isPresent(), "no gateway owns the flushing session's socket " + port);
        return gateways.indexOf(owner.get());
    }

    @Test
    void writeBacksWaitingWhenPostgresIsKilledDrainAfterItsRecovery() throws Exception {
        String bucket = frontedBucket("db-kill");
        byte[] body = Bodies.bytes(WRITE_BACK_ABOVE + 500_000, 53);
        pauseDrain(bucket, true);
        try (S3Client first = FaultStack.s3(0, CLIENT_TIMEOUT)) {
            first.putObject(b -> b.bucket(bucket).key("pending.parquet"), RequestBody.fromBytes(body));
            FaultStack.killDatabase();
        } finally {
            FaultStack.up();
        }
        pauseDrain(bucket, false);
        awaitDrained(bucket, 0, Duration.ofMinutes(2));
        assertArrayEquals(body, direct.getObjectAsBytes(b -> b.bucket(originBucketOf(bucket)).key("pending.parquet"))
                .asByteArray());
    }
}
