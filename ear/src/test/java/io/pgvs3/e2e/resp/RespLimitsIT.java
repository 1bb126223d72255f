package io.pgvs3.e2e.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pgvs3.e2e.RespLimitsStack;
import io.pgvs3.e2e.Scrape;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * The bridge's client limits end to end (docs/adr/0046): ten thousand idle clients on a gateway with a
 * 256 MiB heap cost neither threads nor a working client's latency; the client past {@code maxclients}
 * gets what a redis-server past its {@code maxclients} sends; the idle timeout closes an idle client and
 * leaves a talking one alone, as a redis-server's {@code timeout} does; a client that reads no replies is not
 * read either (backpressure), and gets every reply in order once it reads; idle TLS clients cost no threads
 * either (docs/adr/0050). Needs 10,500 open files in this JVM
 * and in the gateway (the JVM raises its soft limit to the hard one).
 */
@ExtendWith(RespLimitsStack.class)
class RespLimitsIT {

    private static final int IDLE = 10_000;
    /** Idle TLS clients: each costs this JVM a blocking socket with its buffers, so fewer than the plaintext ones. */
    private static final int TLS_IDLE = 2_000;
    private static final Map<String, String> TEN_THOUSAND = Map.of("PGVS3_RESP_MAX_CLIENTS", String.valueOf(IDLE + 1));
    /** GETs of a 4 KiB value a client pipelines while it reads nothing: 1.2 GB of replies, five heaps' worth. */
    private static final int UNREAD_GETS = 300_000;
    private static final int VALUE = 4096;
    private static final byte[] GET_UNREAD = "*2\r\n$3\r\nGET\r\n$9\r\nunread:v4\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CRLF = {'\r', '\n'};
    private static final int SAMPLES = 2000;
    private static final Pattern OPEN_FILES = Pattern.compile("Max open files\\s+(\\d+|unlimited)");
    private static final Pattern CONNECTED = Pattern.compile("connected_clients:(\\d+)");

    @Test
    void tenThousandIdleClientsHoldOnAFewThreadsAndTheNextIsRefused() throws Exception {
        RespLimitsStack.use(TEN_THOUSAND);
        long gateway = RespLimitsStack.gatewayPid();
        requireOpenFiles(ProcessHandle.current().pid(), "this test JVM");
        requireOpenFiles(gateway, "the gateway");
        InetSocketAddress address = RespLimitsStack.respAddress();
        List<SocketChannel> idle = new ArrayList<>(IDLE);
        try (Jedis worker = jedis(address)) {
            worker.set("limits:key", "value");
            long alone = medianGetNanos(worker);
            int threadsBefore = threads(gateway);
            try {
                for (int i = 0; i < IDLE; i++) {
                    idle.add(SocketChannel.open(address));
                }
                awaitConnected(() -> worker.info("clients"), IDLE + 1);
                long busy = medianGetNanos(worker);
                int threadsWith = threads(gateway);
                for (int i = 0; i < IDLE; i += 101) {
                    assertEquals("-NOAUTH Authentication required.", call(idle.get(i), "*2\r\n$3\r\nGET\r\n$1\r\nx\r\n"),
                            "idle client " + i + " is served, not just queued");
                }
                Scrape before = Scrape.of(RespLimitsStack.adminEndpoint());
                List<String> refusal = refusal(address);
                assertEquals(1, closedSince(before, "max_clients"), "the refused client counted once, by its reason");
                try (RedisServer redis = RedisServer.start(RespLimitsStack.secretKey(), false, "--maxclients", "1");
                     RespConnection first = new RespConnection(redis.address())) {
                    assertEquals("+OK", first.call("AUTH", RespLimitsStack.secretKey()));
                    assertEquals(refusal(redis.address()), refusal, "as redis-server past its maxclients");
                }
                assertEquals(List.of("-ERR max number of clients reached", "<closed>"), refusal);
                double heap = liveHeap(gateway);
                assertTrue(threadsWith - threadsBefore < 100, "threads " + threadsBefore + " before, " + threadsWith
                        + " with " + IDLE + " idle clients");
                assertTrue(busy <= 2 * alone, "GET p50 " + busy / 1000 + " us among " + IDLE + " idle clients, "
                        + alone / 1000 + " us alone");
                assertTrue(heap < 200 * 1024 * 1024, "used heap " + heap / (1 << 20) + " MiB of 256");
            } finally {
                for (SocketChannel channel : idle) {
                    channel.close();
                }
            }
            awaitConnected(() -> worker.info("clients"), 1);
        }
    }

    /**
     * The gateway's used heap right after a full collection: what its clients keep, not the garbage earlier
     * work left for the next collection (read without one, it failed a CI run at 237 MiB).
     */
    private static double liveHeap(long gateway) throws Exception {
        Path output = Files.createTempFile("jcmd-gc", ".txt");
        try {
            // output to a file, so the deadline holds even if jcmd never closes its end of a pipe
            Process gc = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    String.valueOf(gateway), "GC.run").redirectErrorStream(true).redirectOutput(output.toFile()).start();
            if (!gc.waitFor(60, TimeUnit.SECONDS)) {
                gc.destroyForcibly();
                fail("jcmd " + gateway + " GC.run did not end within 60 s: " + Files.readString(output));
            }
            if (gc.exitValue() != 0) {
                fail("jcmd " + gateway + " GC.run: " + Files.readString(output));
            }
        } finally {
            Files.deleteIfExists(output);
        }
        return Scrape.of(RespLimitsStack.adminEndpoint()).value("memory_usedHeap_bytes");
    }

    /**
     * Idle TLS clients cost the gateway their TLS engines, not threads (docs/adr/0050), and each is served; the
     * client past {@code maxclients} gets the refusal over TLS once its handshake is done, then the end.
     */
    @Test
    void idleTlsClientsHoldOnAFewThreadsAndTheNextIsRefused() throws Exception {
        RespLimitsStack.use(RespLimitsStack.withTls(Map.of("PGVS3_RESP_MAX_CLIENTS", String.valueOf(TLS_IDLE + 1))));
        long gateway = RespLimitsStack.gatewayPid();
        requireOpenFiles(ProcessHandle.current().pid(), "this test JVM");
        requireOpenFiles(gateway, "the gateway");
        SSLSocketFactory tls = RespLimitsStack.trustingTls().getSocketFactory();
        List<Socket> idle = new ArrayList<>(TLS_IDLE);
        try (RespConnection worker = new RespConnection(tlsSocket(tls))) {
            assertEquals("+OK", worker.call("AUTH", RespLimitsStack.secretKey()));
            int threadsBefore = threads(gateway);
            try {
                long slowestHandshake = 0;
                for (int i = 0; i < TLS_IDLE; i++) {
                    long start = System.nanoTime();
                    idle.add(tlsSocket(tls));
                    slowestHandshake = Math.max(slowestHandshake, System.nanoTime() - start);
                }
                awaitConnected(() -> worker.call("INFO", "clients"), TLS_IDLE + 1);
                int threadsWith = threads(gateway);
                for (int i = 0; i < TLS_IDLE; i += 101) {
                    assertEquals("-NOAUTH Authentication required.", new RespConnection(idle.get(i)).call("GET", "x"),
                            "idle TLS client " + i + " is served");
                }
                long start = System.nanoTime();
                try (RespConnection extra = new RespConnection(tlsSocket(tls))) {
                    long handshake = System.nanoTime() - start;
                    System.out.printf("RespLimitsIT: TLS handshakes took at most %d ms for %d idle clients, %d ms for"
                            + " the refused one%n", slowestHandshake / 1_000_000, TLS_IDLE, handshake / 1_000_000);
                    assertEquals(List.of("-ERR max number of clients reached", "<closed>"),
                            List.of(extra.read(), extra.read()), "the refused client's handshake took "
                                    + handshake / 1_000_000 + " ms as this client measured it");
                }
                InetSocketAddress address = RespLimitsStack.respAddress();
                try (Socket silent = new Socket(address.getAddress(), address.getPort())) {
                    silent.setSoTimeout(30_000); // refused clients are not counted: one that never handshakes must go
                    assertEquals(-1, silent.getInputStream().read(), "a refused client that never starts TLS is closed");
                }
                assertTrue(threadsWith - threadsBefore < 100, "threads " + threadsBefore + " before, " + threadsWith
                        + " with " + TLS_IDLE + " idle TLS clients");
                assertEquals("+PONG", worker.call("PING"));
            } finally {
                for (Socket socket : idle) {
                    socket.close();
                }
            }
            awaitConnected(() -> worker.call("INFO", "clients"), 1);
        }
    }

    private static Socket tlsSocket(SSLSocketFactory tls) throws IOException {
        InetSocketAddress a = RespLimitsStack.respAddress();
        SSLSocket socket = (SSLSocket) tls.createSocket("localhost", a.getPort());
        socket.startHandshake();
        return socket;
    }

    /**
     * The client writes GETs as long as its socket takes them and reads replies only when it must. A bridge
     * that kept reading requests while its replies could not be written would buffer them all (1.2 GB in a
     * 256 MiB heap); one that stops reading makes the client's socket full, and every reply arrives, in order.
     */
    @Test
    void aClientThatReadsNoRepliesIsNotReadEither() throws Exception {
        RespLimitsStack.use(TEN_THOUSAND);
        byte[] value = new byte[VALUE];
        new Random(3).nextBytes(value);
        byte[] header = ("$" + VALUE + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] reply = ByteBuffer.allocate(header.length + VALUE + 2).put(header).put(value).put(CRLF).array();
        ByteBuffer requests = ByteBuffer.allocate(GET_UNREAD.length * 1000);
        while (requests.hasRemaining()) {
            requests.put(GET_UNREAD);
        }
        requests.flip();
        InetSocketAddress address = RespLimitsStack.respAddress();
        try (Jedis j = jedis(address); SocketChannel c = SocketChannel.open(address); Selector selector = Selector.open()) {
            j.set("unread:v4".getBytes(StandardCharsets.US_ASCII), value);
            assertEquals("+OK", call(c, "*2\r\n$4\r\nAUTH\r\n$" + RespLimitsStack.secretKey().length() + "\r\n"
                    + RespLimitsStack.secretKey() + "\r\n"));
            c.configureBlocking(false);
            SelectionKey key = c.register(selector, SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            ByteBuffer replies = ByteBuffer.allocate(1 << 20);
            byte[] one = new byte[reply.length];
            long sent = 0;
            long answered = 0;
            while (answered < UNREAD_GETS) {
                selector.select();
                selector.selectedKeys().clear();
                if (sent < UNREAD_GETS && key.isWritable()) { // reads only when it cannot write
                    c.write(requests);
                    if (!requests.hasRemaining()) {
                        sent += 1000;
                        requests.rewind();
                        if (sent == UNREAD_GETS) {
                            key.interestOps(SelectionKey.OP_READ);
                        }
                    }
                    continue;
                }
                assertTrue(c.read(replies) >= 0, "the bridge closed the connection after " + answered + " replies");
                replies.flip();
                while (replies.remaining() >= one.length) {
                    replies.get(one);
                    if (!Arrays.equals(reply, one)) {
                        fail("reply " + answered + " differs");
                    }
                    answered++;
                }
                replies.compact();
            }
            assertEquals(0, replies.position(), "nothing after the last reply");
        }
    }

    /**
     * A pipeline whose replies are eight heaps' worth of distinct large values (GETs and MGETs of 16 MiB values,
     * 2 GiB in all, past what one buffer can hold) is answered whole and in order by a gateway with a 256 MiB
     * heap: its worker reads a bounded share of the values at a time and spills the replies to the socket as
     * the client reads them.
     */
    @Test
    void aPipelineOfLargeValuesIsAnsweredInBoundedMemory() throws Exception {
        // a gateway of its own: the 2 GiB of values it reads leave garbage the idle-clients test would count
        RespLimitsStack.use(Map.of("PGVS3_RESP_WRITE_TIMEOUT", "PT20S"));
        int keys = 8;
        byte[][] values = new byte[keys][16 << 20];
        for (int k = 0; k < keys; k++) {
            new Random(40 + k).nextBytes(values[k]);
        }
        try (RespConnection client = new RespConnection(RespLimitsStack.respAddress())) {
            assertEquals("+OK", client.call("AUTH", RespLimitsStack.secretKey()));
            for (int k = 0; k < keys; k++) {
                assertEquals("+OK", client.call("SET".getBytes(StandardCharsets.US_ASCII),
                        ("large:" + k).getBytes(StandardCharsets.US_ASCII), values[k]));
            }
            int gets = 12 * keys;
            int mgets = 4;
            for (int i = 0; i < gets; i++) {
                client.send(RespConnection.bytes("GET", "large:" + i % keys));
            }
            List<String> mget = new ArrayList<>(List.of("MGET"));
            for (int k = 0; k < keys; k++) {
                mget.add("large:" + k);
            }
            for (int i = 0; i < mgets; i++) {
                client.send(RespConnection.bytes(mget));
            }
            for (int i = 0; i < gets; i++) {
                assertTrue(Arrays.equals(values[i % keys], client.readBulk()), "GET " + i);
            }
            for (int i = 0; i < mgets; i++) {
                assertEquals(keys, client.readArrayLength(), "MGET " + i);
                for (int k = 0; k < keys; k++) {
                    assertTrue(Arrays.equals(values[k], client.readBulk()), "MGET " + i + ", value " + k);
                }
            }
            assertEquals("+PONG", client.call("PING"));
        }
    }

    @Test
    void theIdleTimeoutClosesAnIdleClientAndSparesATalkingOneAsRedisDoes() throws Exception {
        RespLimitsStack.use(Map.of("PGVS3_RESP_IDLE_TIMEOUT", "PT1S"));
        Scrape before = Scrape.of(RespLimitsStack.adminEndpoint());
        quietClosedTalkingSpared(RespLimitsStack.respAddress());
        assertEquals(1, closedSince(before, "idle_timeout"), "the quiet client counted by its reason");
        try (RedisServer redis = RedisServer.start(RespLimitsStack.secretKey(), false, "--timeout", "1")) {
            quietClosedTalkingSpared(redis.address());
        }
    }

    /** How many more connections the bridge closed for {@code reason} than at {@code before}. */
    private static double closedSince(Scrape before, String reason) throws Exception {
        String name = "pgvs3_resp_connections_closed_total";
        String label = "reason=" + reason;
        // the client hears the end as the socket closes, an instant before the bridge counts it
        return Scrape.awaitChange(RespLimitsStack.adminEndpoint(), before, name, label).value(name, label)
                - before.value(name, label);
    }

    /** What the client past the limit reads: a reply, then EOF. */
    private static List<String> refusal(InetSocketAddress address) throws IOException {
        try (RespConnection extra = new RespConnection(address)) {
            return List.of(extra.read(), extra.read());
        }
    }

    private static void quietClosedTalkingSpared(InetSocketAddress address) throws Exception {
        try (RespConnection quiet = new RespConnection(address); RespConnection talking = new RespConnection(address)) {
            // the quiet client's idle time starts no earlier than its AUTH is sent (the talking client's AUTH
            // may take long on a loaded machine: a bound measured after it failed once)
            long since = System.nanoTime();
            assertEquals("+OK", quiet.call("AUTH", RespLimitsStack.secretKey()));
            assertEquals("+OK", talking.call("AUTH", RespLimitsStack.secretKey()));
            CompletableFuture<String> closed = CompletableFuture.supplyAsync(() -> {
                try {
                    return quiet.read();
                } catch (IOException e) {
                    return e.toString();
                }
            });
            int pings = 0;
            while (!closed.isDone()) {
                assertEquals("+PONG", talking.call("PING"), "a client that talks is not idle");
                pings++;
            }
            assertEquals("<closed>", closed.get(), "the quiet client was closed without a reply, as by Redis");
            assertTrue(System.nanoTime() - since >= TimeUnit.MILLISECONDS.toNanos(1000), "not before the timeout");
            assertEquals("+PONG", talking.call("PING"), "still open after " + pings + " PINGs");
        }
    }

    private static Jedis jedis(InetSocketAddress a) {
        return new Jedis(new HostAndPort(a.getHostString(), a.getPort()), DefaultJedisClientConfig.builder()
                .password(RespLimitsStack.secretKey()).socketTimeoutMillis(60_000).build());
    }

    private static long medianGetNanos(Jedis jedis) {
        long[] nanos = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            long start = System.nanoTime();
            assertEquals("value", jedis.get("limits:key"));
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        return nanos[SAMPLES / 2];
    }

    /** Waits until INFO counts {@code n} clients: opened sockets are accepted asynchronously, closed ones noticed so. */
    private static void awaitConnected(Callable<String> info, int n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        int connected;
        while ((connected = connected(info.call())) != n) {
            assertTrue(System.nanoTime() < deadline, connected + " clients connected, waiting for " + n);
            Thread.sleep(50);
        }
    }

    private static int connected(String info) {
        Matcher m = CONNECTED.matcher(info);
        assertTrue(m.find());
        return Integer.parseInt(m.group(1));
    }

    private static String call(SocketChannel channel, String wire) throws IOException {
        channel.write(ByteBuffer.wrap(wire.getBytes(StandardCharsets.US_ASCII)));
        ByteBuffer reply = ByteBuffer.allocate(256);
        do {
            if (channel.read(reply) < 0) {
                return "<closed>";
            }
        } while (reply.position() < 2 || reply.get(reply.position() - 1) != '\n');
        return new String(reply.array(), 0, reply.position() - 2, StandardCharsets.US_ASCII);
    }

    private static int threads(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("Threads:")) {
                return Integer.parseInt(line.substring("Threads:".length()).trim());
            }
        }
        throw new IllegalStateException("no thread count for process " + pid);
    }

    /** Fails, saying why, when a process cannot hold the test's sockets: the test would measure the limit instead. */
    private static void requireOpenFiles(long pid, String who) throws IOException {
        Matcher m = OPEN_FILES.matcher(Files.readString(Path.of("/proc/" + pid + "/limits")));
        assertTrue(m.find(), "no open-file limit for " + who);
        boolean enough = m.group(1).equals("unlimited") || Long.parseLong(m.group(1)) >= IDLE + 500;
        assertTrue(enough, who + " may open " + m.group(1) + " files; this test needs " + (IDLE + 500)
                + " (raise the hard limit: ulimit -Hn)");
    }
}
