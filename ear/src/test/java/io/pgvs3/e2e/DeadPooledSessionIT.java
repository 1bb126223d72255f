package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Read requests that draw a pooled session which died while it sat in the pool (an operator's
 * pg_terminate_backend; a database restart does the same to every one) succeed on their first attempt:
 * the store reads once more on a fresh session. The SDK's retries are off ({@link Clients}), so a 503 would
 * fail the test. Each read runs once to leave the pools holding idle sessions, then those sessions are
 * terminated, then the read runs again. On a one-gateway stack of its own: the dead sessions it leaves
 * in the pools would fail the writes of other tests (writes are never read again on a fresh session).
 */
class DeadPooledSessionIT {

    private static final int SHIFT = 65;

    private static final String MAIN = "pgvs3-main";
    private static final String CHUNK = "pgvs3-chunk";
    /** Large enough to be chunked, with ranges in blocks far apart (the read cache must not serve the second). */
    private static final int CHUNKED_SIZE = 6 << 20;
    private static final int RANGE = 8 << 10;

    private static final String BUCKET = Clients.bucket("dead-session");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static StackScript stack;
    private static S3Client s3;
    private static byte[] chunked;
    private static String uploadId;

    @BeforeAll
    static void objects() throws Exception {
        stack = new StackScript("stack-dead-session", SHIFT, 1, Map.of());
        stack.startFresh();
        s3 = Clients.s3(URI.create(stack.get("PGVS3_S3_ENDPOINT")), stack.get("PGVS3_ACCESS_KEY"),
                stack.get("PGVS3_SECRET_KEY"), ApacheHttpClient.builder());
        s3.createBucket(b -> b.bucket(BUCKET));
        s3.putObject(b -> b.bucket(BUCKET).key("inline"), RequestBody.fromString("small and inline"));
        chunked = new byte[CHUNKED_SIZE];
        new Random(11).nextBytes(chunked);
        s3.putObject(b -> b.bucket(BUCKET).key("chunked"), RequestBody.fromBytes(chunked));
        uploadId = s3.createMultipartUpload(b -> b.bucket(BUCKET).key("upload")).uploadId();
    }

    @AfterAll
    static void close() throws Exception {
        if (s3 != null) {
            s3.close();
        }
        if (stack != null) {
            stack.down();
        }
    }

    @Test
    void headAndListingsOfObjectsAndBuckets() throws Exception {
        afterDeadSessions(() -> assertEquals(16L, s3.headObject(b -> b.bucket(BUCKET).key("inline")).contentLength()));
        afterDeadSessions(() -> s3.headBucket(b -> b.bucket(BUCKET)));
        afterDeadSessions(() -> assertTrue(s3.listBuckets().buckets().stream().anyMatch(b -> b.name().equals(BUCKET))));
        afterDeadSessions(() -> assertEquals(2, s3.listObjectsV2(b -> b.bucket(BUCKET)).keyCount()));
        afterDeadSessions(() -> assertEquals(1, s3.listMultipartUploads(b -> b.bucket(BUCKET)).uploads().size()));
        afterDeadSessions(() -> assertEquals(0,
                s3.listParts(b -> b.bucket(BUCKET).key("upload").uploadId(uploadId)).parts().size()));
    }

    @Test
    void getOfAnInlineBody() throws Exception {
        afterDeadSessions(() -> assertEquals("small and inline",
                s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("inline")).asUtf8String()));
    }

    @Test
    void getOfARangeOfAChunkedBody() throws Exception {
        int[] from = {0};
        List<String> killed = afterDeadSessions(() -> {
            int first = from[0];
            from[0] += 2 << 20; // a block the read cache does not hold yet
            byte[] got = s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("chunked")
                    .range("bytes=" + first + "-" + (first + RANGE - 1))).asByteArray();
            assertArrayEquals(Arrays.copyOfRange(chunked, first, first + RANGE), got);
        });
        assertTrue(killed.containsAll(List.of(MAIN, CHUNK)), "sessions of both pools were terminated: " + killed);
    }

    @Test
    void respReads() throws Exception {
        try (Jedis jedis = jedis()) {
            jedis.set("dead-session-key", "value");
            jedis.expire("dead-session-key", 3600);
            afterDeadSessions(() -> assertEquals("value", jedis.get("dead-session-key")));
            afterDeadSessions(() -> assertEquals(List.of("value"), jedis.mget("dead-session-key")));
            afterDeadSessions(() -> assertTrue(jedis.exists("dead-session-key")));
            afterDeadSessions(() -> assertTrue(jedis.ttl("dead-session-key") > 0));
            afterDeadSessions(() -> assertEquals(5, jedis.strlen("dead-session-key")));
            afterDeadSessions(() -> assertEquals("al", jedis.getrange("dead-session-key", 1, 2)));
            afterDeadSessions(() -> assertTrue(jedis.scan(ScanParams.SCAN_POINTER_START,
                    new ScanParams().match("dead-session-*")).getResult().contains("dead-session-key")));
        }
    }

    /** Readiness asks both pools: a dead session there is replaced too, not reported as not ready. */
    @Test
    void readiness() throws Exception {
        URI ready = URI.create(stack.get("PGVS3_ADMIN_ENDPOINTS").split(" ")[0] + "/health/ready");
        List<String> killed = afterDeadSessions(() -> {
            HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(ready).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode(), answer.body());
        });
        assertTrue(killed.containsAll(List.of(MAIN, CHUNK)), "sessions of both pools were terminated: " + killed);
    }

    /** A read that touches the database. */
    @FunctionalInterface
    private interface Read {
        void run() throws Exception;
    }

    /**
     * Runs {@code read} (the pools then hold idle sessions), terminates every idle session of the gateways'
     * pools and runs {@code read} again; returns the pools (application names) of the terminated sessions.
     */
    private static List<String> afterDeadSessions(Read read) throws Exception {
        read.run();
        List<String> killed = terminateIdlePoolSessions();
        assertFalse(killed.isEmpty(), "no idle pooled session to terminate");
        read.run();
        return killed;
    }

    /** pg_terminate_backend of every idle session of both pools, waiting until each has exited. */
    private static List<String> terminateIdlePoolSessions() throws SQLException {
        try (Connection c = DriverManager.getConnection(stack.get("PGVS3_JDBC_URL"), stack.get("PGVS3_DB_USER"),
                stack.get("PGVS3_DB_PASSWORD")); PreparedStatement ps = c.prepareStatement(
                "SELECT pid, pg_terminate_backend(pid, 10000), application_name FROM pg_stat_activity"
                        + " WHERE application_name IN (?, ?) AND state = 'idle' AND pid <> pg_backend_pid()")) {
            ps.setString(1, MAIN);
            ps.setString(2, CHUNK);
            List<String> killed = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    assertTrue(rs.getBoolean(2), "backend " + rs.getInt(1) + " did not exit within 10 s");
                    killed.add(rs.getString(3));
                }
            }
            return killed;
        }
    }

    private static Jedis jedis() {
        String[] hostPort = stack.get("PGVS3_RESP_ENDPOINT").split(":");
        return new Jedis(new HostAndPort(hostPort[0], Integer.parseInt(hostPort[1])), DefaultJedisClientConfig.builder()
                .password(stack.get("PGVS3_SECRET_KEY")).socketTimeoutMillis(60_000).build());
    }
}
