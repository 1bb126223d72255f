package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Every database wait is bounded (docs/adr/0033): with PostgreSQL frozen (SIGSTOP of the postmaster and
 * all its backends: sockets stay open, nothing answers), each kind of request gets its 503 with
 * Retry-After, or the bridge's unavailable error, within the bounds this stack configures; readiness
 * answers DOWN within its 2 s probe timeout; after SIGCONT everything recovers without a restart and what
 * was written before is intact, and the gateway's log holds no FFDC incident, Liberty error or stack trace
 * from it (docs/adr/0039). Its own stack with short timeouts: the shared
 * stacks' databases are never frozen. {@link FrozenTlsDatabaseIT} runs the same over TLS.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FrozenDatabaseIT {

    private static final int SHIFT = 90;
    private static final int CONNECT_TIMEOUT = 2;
    private static final int POOL_WAIT = 3;
    private static final int MAIN_SOCKET_TIMEOUT = 4;
    private static final int CHUNK_SOCKET_TIMEOUT = 6;
    /**
     * The longest a request may wait on the frozen database by configuration: a pooled connection's
     * silence (socket timeout), after waiting for a free one, plus one new session's connect timeout.
     */
    private static final Duration BOUND = Duration.ofSeconds(POOL_WAIT + CHUNK_SOCKET_TIMEOUT + CONNECT_TIMEOUT);
    /** Asserted bound: the configured one three times over, a margin for a loaded machine, not a guess at its speed. */
    private static final Duration ASSERTED = BOUND.multipliedBy(3);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    /** What a streaming upload sends before the freeze; it declares far more and keeps sending while it can. */
    private static final long STREAMED_BEFORE_FREEZE = 16L << 20;
    private static final long DECLARED = 1L << 30;

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private StackScript stack;
    private DatabaseFreezer freezer;

    @BeforeAll
    void start() throws Exception {
        stack = newStack(Map.of(
                "PGVS3_DB_CONNECT_TIMEOUT", String.valueOf(CONNECT_TIMEOUT),
                "PGVS3_DB_POOL_WAIT", String.valueOf(POOL_WAIT),
                "PGVS3_DB_MAIN_STATEMENT_TIMEOUT", "2",
                "PGVS3_DB_MAIN_SOCKET_TIMEOUT", String.valueOf(MAIN_SOCKET_TIMEOUT),
                "PGVS3_DB_CHUNK_STATEMENT_TIMEOUT", "4",
                "PGVS3_DB_CHUNK_SOCKET_TIMEOUT", String.valueOf(CHUNK_SOCKET_TIMEOUT)));
        stack.startFresh();
        freezer = new DatabaseFreezer(stack.stateDir().resolve("pgdata/postmaster.pid"));
    }

    /** This class's stack with the short timeouts {@code env}. */
    StackScript newStack(Map<String, String> env) {
        return new StackScript("stack-frozen", SHIFT, 1, env);
    }

    StackScript stack() {
        return stack;
    }

    @AfterAll
    void stop() throws Exception {
        if (freezer != null) {
            freezer.thaw();
        }
        if (stack != null) {
            stack.down();
        }
    }

    @Test
    void requestsDuringAFreezeFailWithinTheirBoundsAndEverythingRecoversAfterIt() throws Exception {
        String bucket = Clients.bucket("frozen");
        byte[] small = Bodies.bytes(100, 1);
        byte[] large = Bodies.bytes(3 << 20, 2);
        try (S3Client s3 = s3(); Jedis resp = jedis()) {
            awaitReady(); // another test's freeze may have just ended
            s3.createBucket(b -> b.bucket(bucket));
            s3.putObject(b -> b.bucket(bucket).key("small"), RequestBody.fromBytes(small));
            s3.putObject(b -> b.bucket(bucket).key("large"), RequestBody.fromBytes(large));
            resp.set("frozen:before", "kept");

            readiness(); // the HTTP client's first connection is not what is measured
            GatewayLogs logs = new GatewayLogs(stack.stateDir().resolve("gw1/servers/pgvs3/logs"));
            GatewayLogs.Mark beforeFreeze = logs.mark();
            freezer.freeze();
            Map<String, Outcome> outcomes;
            List<Outcome> health = new ArrayList<>();
            try {
                ExecutorService clients = Executors.newCachedThreadPool();
                try {
                    Map<String, Future<Outcome>> running = new LinkedHashMap<>();
                    running.put("HeadObject", clients.submit(s3Call(() -> s3.headObject(b -> b.bucket(bucket).key("small")))));
                    running.put("GetObject small", clients.submit(s3Call(() -> s3.getObjectAsBytes(
                            b -> b.bucket(bucket).key("small")))));
                    running.put("GetObject chunked", clients.submit(s3Call(() -> s3.getObjectAsBytes(
                            b -> b.bucket(bucket).key("large")))));
                    running.put("PutObject inline", clients.submit(s3Call(() -> s3.putObject(
                            b -> b.bucket(bucket).key("new-small"), RequestBody.fromBytes(small)))));
                    running.put("PutObject chunked", clients.submit(s3Call(() -> s3.putObject(
                            b -> b.bucket(bucket).key("new-large"), RequestBody.fromBytes(Bodies.bytes(1 << 20, 3))))));
                    running.put("ListObjectsV2", clients.submit(s3Call(() -> s3.listObjectsV2(b -> b.bucket(bucket)))));
                    running.put("RESP GET", clients.submit(respCall(c -> c.get("frozen:before"))));
                    running.put("RESP SET", clients.submit(respCall(c -> c.set("frozen:during", "x"))));
                    // while the requests wait on the frozen database, and again once they have given up
                    health.add(readiness());
                    health.add(readiness());
                    outcomes = new LinkedHashMap<>();
                    for (Map.Entry<String, Future<Outcome>> call : running.entrySet()) {
                        outcomes.put(call.getKey(), call.getValue().get(ASSERTED.toSeconds() + 60, TimeUnit.SECONDS));
                    }
                    health.add(readiness());
                } finally {
                    clients.shutdownNow();
                }
            } finally {
                freezer.thaw();
            }

            for (Outcome probe : health) {
                assertEquals(503, probe.status(), "readiness during the freeze: " + probe);
                assertTrue(probe.took().compareTo(PROBE_TIMEOUT) < 0, "readiness within the probe timeout: " + probe);
            }
            for (Map.Entry<String, Outcome> outcome : outcomes.entrySet()) {
                Outcome o = outcome.getValue();
                assertTrue(o.took().compareTo(ASSERTED) < 0, outcome.getKey() + " waited past " + ASSERTED + ": " + o);
                if (outcome.getKey().startsWith("RESP")) {
                    assertTrue(o.detail().contains("pgvs3 store unavailable") || o.detail().contains("pgvs3 store busy"),
                            outcome.getKey() + " got the bridge's unavailable error: " + o);
                } else {
                    assertEquals(503, o.status(), outcome.getKey() + ": " + o);
                    assertEquals("1", o.detail(), outcome.getKey() + " carries Retry-After: " + o);
                }
            }

            awaitReady();
            assertArrayEquals(small, s3.getObjectAsBytes(b -> b.bucket(bucket).key("small")).asByteArray());
            assertArrayEquals(large, s3.getObjectAsBytes(b -> b.bucket(bucket).key("large")).asByteArray());
            assertEquals("kept", resp.get("frozen:before"));
            byte[] after = Bodies.bytes(1 << 20, 4);
            s3.putObject(b -> b.bucket(bucket).key("after"), RequestBody.fromBytes(after));
            assertArrayEquals(after, s3.getObjectAsBytes(b -> b.bucket(bucket).key("after")).asByteArray());
            assertEquals("OK", resp.set("frozen:after", "y"));
            assertEquals("y", resp.get("frozen:after"));
            logs.assertCleanSince(beforeFreeze, "the freeze and the recovery"); // docs/adr/0039
        }
    }

    /**
     * The COPY watchdog (docs/adr/0033): an upload streaming when the database freezes blocks in its socket
     * write once the buffers fill; its session is aborted after the chunk socket timeout, the client is
     * answered 503 (or, still sending, sees the gateway close), the pool never lends the aborted session
     * again, and nothing half-written becomes visible.
     */
    @Test
    void uploadsStreamingWhenTheDatabaseFreezesAreAnsweredWithinTheBoundAndLeaveNothingHalfWritten() throws Exception {
        String bucket = Clients.bucket("frozen-copy");
        byte[] earlier = Bodies.bytes(1 << 20, 5);
        try (S3Client s3 = s3()) {
            awaitReady();
            s3.createBucket(b -> b.bucket(bucket));
            s3.putObject(b -> b.bucket(bucket).key("put"), RequestBody.fromBytes(earlier));
            String uploadId = s3.createMultipartUpload(b -> b.bucket(bucket).key("part")).uploadId();
            MarkedBody putBody = new MarkedBody(Bodies.stream(DECLARED, 6), STREAMED_BEFORE_FREEZE, Duration.ZERO);
            MarkedBody partBody = new MarkedBody(Bodies.stream(DECLARED, 7), STREAMED_BEFORE_FREEZE, Duration.ZERO);
            Map<String, Ended> ended = new LinkedHashMap<>();
            long frozenAt;
            ExecutorService clients = Executors.newCachedThreadPool();
            try {
                Map<String, Future<Ended>> running = new LinkedHashMap<>();
                running.put("PutObject", clients.submit(upload(() -> s3.putObject(
                        b -> b.bucket(bucket).key("put"), streamed(putBody)))));
                running.put("UploadPart", clients.submit(upload(() -> s3.uploadPart(
                        b -> b.bucket(bucket).key("part").uploadId(uploadId).partNumber(1), streamed(partBody)))));
                Duration patience = Duration.ofSeconds(60);
                assertTrue(putBody.awaitMark(patience) && partBody.awaitMark(patience), "the uploads never streamed");
                freezer.freeze();
                frozenAt = System.nanoTime();
                for (Map.Entry<String, Future<Ended>> call : running.entrySet()) {
                    try {
                        ended.put(call.getKey(), call.getValue().get(
                                Math.max(0, ASSERTED.toNanos() - (System.nanoTime() - frozenAt)), TimeUnit.NANOSECONDS));
                    } catch (TimeoutException e) {
                        throw new AssertionError(call.getKey() + " streaming into the frozen database was not answered"
                                + " within " + ASSERTED + " of the freeze");
                    }
                }
            } finally {
                clients.shutdownNow();
                freezer.thaw();
            }

            for (Map.Entry<String, Ended> call : ended.entrySet()) {
                Outcome o = call.getValue().outcome();
                assertTrue(o.status() == 503 && "1".equals(o.detail()) || o.status() == 0,
                        call.getKey() + " answered 503 with Retry-After, or closed while the client sent: " + o);
                Duration afterFreeze = Duration.ofNanos(call.getValue().at() - frozenAt);
                System.out.printf("%s: %s ended %d ms after the freeze: %s%n", getClass().getSimpleName(),
                        call.getKey(), afterFreeze.toMillis(), o); // the measure ADR 33 reports
                assertTrue(afterFreeze.compareTo(ASSERTED) < 0, call.getKey() + " answered " + afterFreeze
                        + " after the freeze, past " + ASSERTED);
            }
            awaitReady();
            assertArrayEquals(earlier, s3.getObjectAsBytes(b -> b.bucket(bucket).key("put")).asByteArray(),
                    "the key keeps its earlier complete version");
            assertTrue(s3.listParts(b -> b.bucket(bucket).key("part").uploadId(uploadId)).parts().isEmpty(),
                    "no part of the cut-off UploadPart was recorded");
            chunkedWritesAtOnce(s3, bucket);
            s3.abortMultipartUpload(b -> b.bucket(bucket).key("part").uploadId(uploadId));
        }
    }

    /** The watchdog counts time blocked in a write to the database, never time waiting for the client. */
    @Test
    void aClientSilentForLongerThanTheWatchdogsLimitIsNoStall() throws Exception {
        String bucket = Clients.bucket("slow-client");
        long size = 8L << 20;
        Duration silence = Duration.ofSeconds(CHUNK_SOCKET_TIMEOUT + 3);
        try (S3Client s3 = s3()) {
            awaitReady();
            s3.createBucket(b -> b.bucket(bucket));
            MarkedBody body = new MarkedBody(Bodies.stream(size, 8), size / 2, silence);
            s3.putObject(b -> b.bucket(bucket).key("slow"), RequestBody.fromContentProvider(
                    oneShot(body), size, "application/octet-stream"));
            assertEquals(Bodies.md5(Bodies.stream(size, 8)),
                    Bodies.md5(s3.getObject(b -> b.bucket(bucket).key("slow"))));
        }
    }

    /**
     * As many chunked PUTs at once as the aborted sessions could have been lent to: all succeed, so the pool
     * discarded those sessions instead of lending them again.
     */
    private static void chunkedWritesAtOnce(S3Client s3, String bucket) throws Exception {
        ExecutorService writers = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> writes = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                byte[] body = Bodies.bytes(1 << 20, 10 + i);
                String key = "after-" + i;
                writes.add(writers.submit(() -> {
                    s3.putObject(b -> b.bucket(bucket).key(key), RequestBody.fromBytes(body));
                    assertArrayEquals(body, s3.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asByteArray());
                    return null;
                }));
            }
            for (Future<?> write : writes) {
                write.get(60, TimeUnit.SECONDS);
            }
        } finally {
            writers.shutdownNow();
        }
    }

    /** A body of {@link #DECLARED} bytes that the SDK must read in one pass, as it sends it. */
    private static RequestBody streamed(MarkedBody body) {
        return RequestBody.fromContentProvider(oneShot(body), DECLARED, "application/octet-stream");
    }

    /** Fails a second read of the body: the mark must mean "sent", not "read ahead to sign". */
    private static ContentStreamProvider oneShot(InputStream body) {
        AtomicInteger calls = new AtomicInteger();
        return () -> {
            if (calls.incrementAndGet() > 1) {
                throw new IllegalStateException("the SDK read the body twice");
            }
            return body;
        };
    }

    /** An upload's outcome and when it ended. */
    private record Ended(Outcome outcome, long at) {
    }

    /**
     * An upload that may end as an S3 error or, the gateway having answered and closed while the SDK was
     * still sending, as an I/O error (status 0).
     */
    private static Callable<Ended> upload(Callable<?> call) {
        Callable<Outcome> s3 = s3Call(call);
        return () -> {
            long started = System.nanoTime();
            Outcome outcome;
            try {
                outcome = s3.call();
            } catch (SdkClientException e) {
                if (!causedByIo(e)) {
                    throw e;
                }
                outcome = new Outcome(0, "I/O error: " + e.getMessage(), since(started));
            }
            return new Ended(outcome, System.nanoTime());
        };
    }

    private static boolean causedByIo(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    void awaitReady() throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (readiness().status() != 200) {
            assertTrue(System.nanoTime() < deadline, "the gateway did not become ready");
            Thread.sleep(250);
        }
    }

    /** What a call got and how long it waited; {@code detail} is Retry-After for S3, the error for RESP. */
    private record Outcome(int status, String detail, Duration took) {
    }

    private static Callable<Outcome> s3Call(Callable<?> call) {
        return () -> {
            long started = System.nanoTime();
            try {
                call.call();
                return new Outcome(200, "succeeded", since(started));
            } catch (S3Exception e) {
                return new Outcome(e.statusCode(), e.awsErrorDetails().sdkHttpResponse()
                        .firstMatchingHeader("Retry-After").orElse("none"), since(started));
            }
        };
    }

    private interface RespWork {
        Object run(Jedis jedis);
    }

    private Callable<Outcome> respCall(RespWork work) {
        return () -> {
            long started = System.nanoTime();
            try (Jedis jedis = jedis()) {
                work.run(jedis);
                return new Outcome(200, "succeeded", since(started));
            } catch (JedisDataException e) {
                return new Outcome(0, e.getMessage(), since(started));
            }
        };
    }

    private Outcome readiness() throws Exception {
        URI ready = URI.create(stack.get("PGVS3_ADMIN_ENDPOINTS").split(" ")[0] + "/health/ready");
        long started = System.nanoTime();
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        return new Outcome(answer.statusCode(), answer.body(), since(started));
    }

    private static Duration since(long started) {
        return Duration.ofNanos(System.nanoTime() - started);
    }

    S3Client s3() {
        return Clients.s3(URI.create(stack.get("PGVS3_S3_ENDPOINT")), stack.get("PGVS3_ACCESS_KEY"),
                stack.get("PGVS3_SECRET_KEY"), ApacheHttpClient.builder());
    }

    private Jedis jedis() {
        String[] hostPort = stack.get("PGVS3_RESP_ENDPOINT").split(":");
        InetSocketAddress a = new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1]));
        return new Jedis(new HostAndPort(a.getHostString(), a.getPort()), DefaultJedisClientConfig.builder()
                .password(stack.get("PGVS3_SECRET_KEY")).socketTimeoutMillis(120_000).build());
    }
}
