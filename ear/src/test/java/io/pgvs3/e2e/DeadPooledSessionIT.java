package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Read requests that draw a pooled session which died while it sat in the pool (an operator's
 * pg_terminate_backend; a database restart does the same to every one) succeed on their first attempt:
 * the store reads once more on a fresh session. The SDK's retries are off ({@link Clients}), so a 503 would
 * fail the test. Each read runs once to leave the pools holding idle sessions, then those sessions are
 * terminated, then the read runs again.
 */
@ExtendWith(Stack.class)
class DeadPooledSessionIT {

    private static final String MAIN = "pgvs3-main";
    private static final String CHUNK = "pgvs3-chunk";
    /** Large enough to be chunked, with ranges in blocks far apart (the read cache must not serve the second). */
    private static final int CHUNKED_SIZE = 6 << 20;
    private static final int RANGE = 8 << 10;

    private static final String BUCKET = Clients.bucket("dead-session");
    private static S3Client s3;
    private static byte[] chunked;
    private static String uploadId;

    @BeforeAll
    static void objects() {
        s3 = Clients.s3(0);
        s3.createBucket(b -> b.bucket(BUCKET));
        s3.putObject(b -> b.bucket(BUCKET).key("inline"), RequestBody.fromString("small and inline"));
        chunked = new byte[CHUNKED_SIZE];
        new Random(11).nextBytes(chunked);
        s3.putObject(b -> b.bucket(BUCKET).key("chunked"), RequestBody.fromBytes(chunked));
        uploadId = s3.createMultipartUpload(b -> b.bucket(BUCKET).key("upload")).uploadId();
    }

    @AfterAll
    static void close() {
        s3.close();
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
        try (Connection c = Database.connect(); PreparedStatement ps = c.prepareStatement(
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
        InetSocketAddress a = Stack.respAddress(0);
        return new Jedis(new HostAndPort(a.getHostString(), a.getPort()), DefaultJedisClientConfig.builder()
                .password(Stack.secretKey()).socketTimeoutMillis(60_000).build());
    }
}
