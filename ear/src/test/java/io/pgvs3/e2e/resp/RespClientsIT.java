package io.pgvs3.e2e.resp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.pgvs3.e2e.Await;
import io.pgvs3.e2e.Stack;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Real clients against the bridge of the stack's two gateways: redis-cli (incl. a --pipe mass insert),
 * Jedis (sync and pipelined) and Lettuce (async pipelining). Keys are unique per test.
 */
@ExtendWith(Stack.class)
class RespClientsIT {

    /** Inline limit, one past it, a chunk row's worth several times, and a large chunked value. */
    private static final int[] SIZES = {0, 1, 8120, 8121, 64 * 1024, 10 << 20};

    private static Jedis jedis(int gateway) {
        InetSocketAddress a = Stack.respAddress(gateway);
        return new Jedis(new HostAndPort(a.getHostString(), a.getPort()), DefaultJedisClientConfig.builder()
                .password(Stack.secretKey()).socketTimeoutMillis(60_000).build());
    }

    private static String unique(String name) {
        return name + ":" + UUID.randomUUID();
    }

    @Test
    void valuesOfEverySizeRoundTripByteExactThroughBothGateways() {
        Random random = new Random(42);
        try (Jedis one = jedis(0); Jedis two = jedis(1)) {
            for (int size : SIZES) {
                byte[] value = new byte[size];
                random.nextBytes(value);
                byte[] compressible = "abcdefgh".repeat(size / 8 + 1).substring(0, size).getBytes(StandardCharsets.US_ASCII);
                for (byte[] v : List.of(value, compressible)) {
                    byte[] key = unique("size-" + size).getBytes(StandardCharsets.US_ASCII);
                    assertEquals("OK", one.set(key, v));
                    assertArrayEquals(v, one.get(key), size + " bytes, same gateway");
                    assertArrayEquals(v, two.get(key), size + " bytes, other gateway");
                    assertEquals(size, two.strlen(key));
                    assertEquals(1, two.del(key));
                    assertNull(one.get(key));
                }
            }
        }
    }

    @Test
    void overwritesAcrossTheInlineLimitKeepTheLatestValue() {
        try (Jedis j = jedis(0)) {
            byte[] key = unique("grow").getBytes(StandardCharsets.US_ASCII);
            for (int size : new int[] {10, 9000, 20, 100_000, 0, 8121}) {
                byte[] v = new byte[size];
                new Random(size).nextBytes(v);
                j.set(key, v);
                assertArrayEquals(v, j.get(key), "after writing " + size + " bytes");
            }
            j.append(key, new byte[] {1, 2, 3});
            assertEquals(8124, j.strlen(key));
        }
    }

    @Test
    void jedisPipelinesAndErrors() {
        try (Jedis j = jedis(0)) {
            String prefix = unique("pipe");
            Pipeline p = j.pipelined();
            List<Response<String>> sets = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                sets.add(p.set(prefix + i, "v" + i));
            }
            List<Response<String>> gets = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                gets.add(p.get(prefix + i));
            }
            Response<Long> incr = p.incr(prefix + 7);
            p.sync();
            sets.forEach(r -> assertEquals("OK", r.get()));
            for (int i = 0; i < 500; i++) {
                assertEquals("v" + i, gets.get(i).get());
            }
            assertThrows(JedisDataException.class, incr::get);
            JedisDataException e = assertThrows(JedisDataException.class, () -> j.incr(prefix + 1));
            assertEquals("ERR value is not an integer or out of range", e.getMessage());
            assertEquals("PONG", j.ping());
            assertTrue(j.exists(prefix + 1));
        }
    }

    /**
     * Sixteen clients pipeline GETs (and an MGET, and a key nobody set) at once, so their runs share queries
     * (ADR 65), values of several sizes among them: every reply is its own key's, in its place.
     */
    @Test
    void pipelinedReadsOfManyClientsAtOnceEachGetTheirOwnValues() throws Exception {
        String prefix = unique("many");
        int clients = 16;
        int keys = 40;
        try (Jedis j = jedis(0)) {
            Pipeline p = j.pipelined();
            for (int c = 0; c < clients; c++) {
                for (int k = 0; k < keys; k++) {
                    p.set(prefix + c + ":" + k, c + ":" + k + ":" + "v".repeat(k * 300));
                }
            }
            p.sync();
        }
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> readers = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                readers.add(pool.submit(() -> {
                    try (Jedis j = jedis(0)) {
                        start.await();
                        for (int round = 0; round < 20; round++) {
                            Pipeline p = j.pipelined();
                            List<Response<String>> gets = new ArrayList<>();
                            for (int k = 0; k < keys; k++) {
                                gets.add(p.get(prefix + client + ":" + k));
                            }
                            Response<String> missing = p.get(prefix + client + ":none");
                            Response<List<String>> mget = p.mget(prefix + client + ":1", prefix + client + ":none",
                                    prefix + client + ":39");
                            p.sync();
                            for (int k = 0; k < keys; k++) {
                                assertEquals(client + ":" + k + ":" + "v".repeat(k * 300), gets.get(k).get());
                            }
                            assertNull(missing.get());
                            assertEquals(Arrays.asList(client + ":1:" + "v".repeat(300), null,
                                    client + ":39:" + "v".repeat(39 * 300)), mget.get());
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : readers) {
                f.get(300, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void lettuceAsyncPipelining() throws Exception {
        InetSocketAddress a = Stack.respAddress(1);
        RedisClient client = RedisClient.create(RedisURI.builder().withHost(a.getHostString()).withPort(a.getPort())
                .withPassword(Stack.secretKey().toCharArray()).withTimeout(Duration.ofSeconds(60)).build());
        try (StatefulRedisConnection<byte[], byte[]> connection = client.connect(ByteArrayCodec.INSTANCE)) {
            LettucePipelines.setThenGet(connection, unique("lettuce"));
            RedisFuture<Long> dbsize = connection.async().dbsize();
            connection.flushCommands();
            assertTrue(dbsize.get() >= LettucePipelines.KEYS);
        } finally {
            client.shutdown();
        }
    }

    @Test
    void twoGatewaysSeeEachOthersWritesAndIncrementAtomically() throws Exception {
        String key = unique("shared");
        try (Jedis one = jedis(0); Jedis two = jedis(1)) {
            one.set(key, "from-one");
            assertEquals("from-one", two.get(key));
            two.set(key, "from-two");
            assertEquals("from-two", one.get(key));
            one.del(key);
        }
        String counter = unique("counter");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int gateway = w % 2;
                workers.add(pool.submit(() -> {
                    try (Jedis j = jedis(gateway)) {
                        for (int i = 0; i < 250; i++) {
                            j.incr(counter);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : workers) {
                f.get(300, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        try (Jedis j = jedis(1)) {
            assertEquals("1000", j.get(counter), "no increment lost across gateways");
        }
    }

    @Test
    void redisCliMassInsertOf100000Keys() throws Exception {
        InetSocketAddress a = Stack.respAddress(0);
        String db = "11";
        cli(a, db, "FLUSHDB");
        Path input = Files.createTempFile("resp-pipe", ".txt");
        StringBuilder wire = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            String k = "mass:" + i;
            String v = "value:" + i;
            wire.append("*3\r\n$3\r\nSET\r\n$").append(k.length()).append("\r\n").append(k).append("\r\n$")
                    .append(v.length()).append("\r\n").append(v).append("\r\n");
        }
        Files.writeString(input, wire, StandardCharsets.US_ASCII);
        String out = run(new ProcessBuilder("redis-cli", "-h", a.getHostString(), "-p", String.valueOf(a.getPort()),
                "--no-auth-warning", "-a", Stack.secretKey(), "-n", db, "--pipe").redirectInput(input.toFile()));
        assertTrue(out.contains("errors: 0, replies: 100000"), out);
        assertEquals("100000", cli(a, db, "DBSIZE").strip());
        assertEquals("value:99999", cli(a, db, "GET", "mass:99999").strip());
        String scanned = run(new ProcessBuilder("redis-cli", "-h", a.getHostString(), "-p", String.valueOf(a.getPort()),
                "--no-auth-warning", "-a", Stack.secretKey(), "-n", db, "--scan", "--pattern", "mass:1234*"));
        assertEquals(11, scanned.strip().split("\n").length, "mass:1234 and mass:12340..12349");
        cli(a, db, "FLUSHDB");
    }

    @Test
    void authIsRequiredAndMetricsCountCommands() throws Exception {
        InetSocketAddress a = Stack.respAddress(0);
        try (RespConnection c = new RespConnection(a)) {
            assertEquals("-NOAUTH Authentication required.", c.call("GET", "x"));
            assertEquals("-NOPROTO unsupported protocol version", c.call("HELLO", "3"));
            assertEquals("-WRONGPASS invalid username-password pair or user is disabled.",
                    c.call("AUTH", Stack.accessKey(), "wrong"));
            assertEquals("+OK", c.call("AUTH", Stack.accessKey(), Stack.secretKey()));
            String hello = c.call("HELLO", "2");
            assertTrue(hello.contains("$proto, :2"), hello);
            String info = c.call("INFO", "server");
            assertTrue(info.contains("redis_version:7.0.15"), info);
            assertEquals("+OK", c.call("QUIT"));
            assertEquals("<closed>", c.read());
        }
        HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(Stack.adminEndpoint(0) + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(metrics.body().contains("pgvs3_resp_commands_total{command=\"auth\""), "commands by name");
        assertTrue(metrics.body().contains("status=\"WRONGPASS\""), "and by status");
        assertTrue(metrics.body().contains("pgvs3_resp_connections"), "open connections");
        assertTrue(metrics.body().contains("pgvs3_resp_pipeline_depth"), "pipeline depth");
        assertTrue(metrics.body().contains("pgvs3_resp_command_duration_seconds"), "latency");
    }

    /**
     * ADR 54: a client sending one command at a time keeps one main-pool connection between its commands
     * (the pool's in-use gauge counts it), and gives it back once it is silent for a second, or gone.
     */
    @Test
    void aClientKeepsItsStoreSessionBetweenCommandsAndGivesItBackWhenSilentOrGone() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        Await.until(Duration.ofSeconds(30), "no main-pool connection in use before the client",
                () -> mainPoolInUse(http) == 0);
        try (RespConnection c = new RespConnection(Stack.respAddress(0))) {
            assertEquals("+OK", c.call("AUTH", Stack.accessKey(), Stack.secretKey()));
            assertEquals("$nil", c.call("GET", "held-" + UUID.randomUUID()));
            assertTrue(mainPoolInUse(http) >= 1, "kept after the reply");
            Await.until(Duration.ofSeconds(10), "given back while the client is silent", () -> mainPoolInUse(http) == 0);
            assertEquals("$nil", c.call("GET", "held-" + UUID.randomUUID()));
            assertTrue(mainPoolInUse(http) >= 1, "kept again once the client speaks again");
        }
        Await.until(Duration.ofSeconds(10), "given back once the client is gone", () -> mainPoolInUse(http) == 0);
    }

    /**
     * ADR 54: the worker that answered a lone client reads its next request itself for a millisecond, then gives
     * it back to the loop. Commands that arrive whole at once, in pieces across that time, after a pause longer
     * than it, or pipelined, are answered in order; QUIT's reply is followed by the end of the connection.
     */
    @Test
    void aLoneClientIsAnsweredInOrderWhetherItsWorkerWaitsForItOrNot() throws Exception {
        String key = "linger-" + UUID.randomUUID();
        try (RespConnection c = new RespConnection(Stack.respAddress(0))) {
            assertEquals("+OK", c.call("AUTH", Stack.accessKey(), Stack.secretKey()));
            for (int i = 0; i < 200; i++) {
                assertEquals(":" + (i + 1), c.call("INCR", key), "one command at a time");
            }
            c.sendRaw("*2\r\n$3\r\nGET\r\n$" + key.length());
            Thread.sleep(5); // the rest after the worker stopped waiting: the loop reads it
            c.sendRaw("\r\n" + key + "\r\n");
            assertEquals("$200", c.read(), "a command sent in two pieces");
            for (int i = 0; i < 20; i++) {
                c.sendRaw("*2\r\n$4\r\nINCR\r\n$" + key.length() + "\r\n" + key + "\r\n");
                Thread.sleep(i % 3); // so the next command follows this reply at once, within or past the wait
                assertEquals(":" + (201 + i), c.read());
            }
            c.sendRaw("*2\r\n$4\r\nINCR\r\n$" + key.length() + "\r\n" + key + "\r\n*1\r\n$4\r\nPING\r\n");
            assertEquals(":221", c.read());
            assertEquals("+PONG", c.read());
            assertEquals("+OK", c.call("QUIT"));
            assertEquals("<closed>", c.read());
        }
    }

    /** Liberty's gauge of the main pool's connections in use. */
    private static double mainPoolInUse(HttpClient http) throws IOException, InterruptedException {
        String body = http.send(HttpRequest.newBuilder(URI.create(Stack.adminEndpoint(0) + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = Pattern.compile("connectionpool_connectionHandles\\{datasource=\"jdbc_pgvs3_main\"[^}]*} (\\S+)")
                .matcher(body);
        assertTrue(m.find(), "the main pool's connectionHandles gauge");
        return Double.parseDouble(m.group(1));
    }

    private static String cli(InetSocketAddress a, String db, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("redis-cli", "-h", a.getHostString(), "-p",
                String.valueOf(a.getPort()), "--no-auth-warning", "-a", Stack.secretKey(), "-n", db));
        command.addAll(List.of(args));
        return run(new ProcessBuilder(command));
    }

    private static String run(ProcessBuilder builder) throws IOException, InterruptedException {
        Process p = builder.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "redis-cli finished");
        return out;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
