package io.pgvs3.e2e.resp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.pgvs3.e2e.OpsStack;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

/**
 * pgvs3.resp.tls=true: the RESP port speaks TLS with the gateway's keystore, and nothing else; TLS clients
 * share the event loops (docs/adr/0050). Real clients: Jedis and Lettuce (JDK TLS), redis-cli (OpenSSL).
 */
@ExtendWith(OpsStack.class)
class RespTlsIT {

    @Test
    void jedisOverTlsReadsAndWrites() throws Exception {
        try (Jedis j = jedis()) {
            assertEquals("OK", j.set("tls-key", "over tls"));
            assertEquals("over tls", j.get("tls-key"));
            assertEquals(1, j.del("tls-key"));
        }
    }

    /**
     * Values larger than a TLS record arrive in partial records; replies far larger than the socket's buffers
     * (64 MiB to a client that reads only once it sent everything: 64 GETs of a 1 MiB value, which exhausted the
     * 256 MiB heap while replies were built whole) go out as they are made while the socket drains (ADR 53).
     */
    @Test
    void largeValuesAndRepliesLargerThanTheSocketCrossTls() throws Exception {
        byte[] value = new byte[(1 << 20) + 7];
        new Random(23).nextBytes(value);
        String key = unique("tls-large");
        try (Jedis j = jedis()) {
            assertEquals("OK", j.set(bytes(key), value));
            Pipeline pipeline = j.pipelined();
            List<Response<byte[]>> replies = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                replies.add(pipeline.get(bytes(key)));
            }
            pipeline.sync();
            for (Response<byte[]> reply : replies) {
                assertArrayEquals(value, reply.get());
            }
            assertEquals(1, j.del(key));
        }
    }

    @Test
    void lettuceAsyncPipeliningOverTls() throws Exception {
        InetSocketAddress a = OpsStack.respAddress();
        RedisClient client = RedisClient.create(RedisURI.builder().withHost("localhost").withPort(a.getPort()).withSsl(true)
                .withPassword(OpsStack.secretKey().toCharArray()).withTimeout(Duration.ofSeconds(60)).build());
        client.setOptions(ClientOptions.builder().sslOptions(SslOptions.builder().jdkSslProvider()
                .trustManager(OpsStack.certificatePem().toFile()).build()).build());
        String prefix = unique("tls-lettuce");
        try (StatefulRedisConnection<byte[], byte[]> connection = client.connect(ByteArrayCodec.INSTANCE)) {
            LettucePipelines.setThenGet(connection, prefix);
        } finally {
            client.shutdown();
        }
    }

    /** redis-cli over OpenSSL, verifying the gateway's certificate: commands, a mass insert, a value from stdin. */
    @Test
    void redisCliOverTls() throws Exception {
        String prefix = unique("tls-cli");
        assertEquals("OK", cli("SET", prefix, "over openssl").strip());
        assertEquals("over openssl", cli("GET", prefix).strip());
        Path input = Files.createTempFile("resp-tls-pipe", ".txt");
        try {
            StringBuilder wire = new StringBuilder();
            for (int i = 0; i < 20_000; i++) {
                String k = prefix + ":" + i;
                wire.append("*3\r\n$3\r\nSET\r\n$").append(k.length()).append("\r\n").append(k)
                        .append("\r\n$7\r\nv-").append(String.format("%05d", i)).append("\r\n");
            }
            Files.writeString(input, wire);
            String out = run(command("--pipe").redirectInput(input.toFile()));
            assertTrue(out.contains("errors: 0, replies: 20000"), out);
            assertEquals("v-19999", cli("GET", prefix + ":19999").strip());
            byte[] big = "0123456789abcdef".repeat(40_000).getBytes(StandardCharsets.US_ASCII);
            Files.write(input, big);
            assertEquals("OK", run(command("-x", "SET", prefix + ":big").redirectInput(input.toFile())).strip());
            assertEquals(new String(big, StandardCharsets.US_ASCII), cli("GET", prefix + ":big").strip());
        } finally {
            Files.deleteIfExists(input);
        }
    }

    /** QUIT's +OK arrives, then the end of the stream: close_notify and FIN, as from a redis-server. */
    @Test
    void quitAnswersThenClosesTheTlsSession() throws Exception {
        try (RespConnection c = new RespConnection(tlsSocket("TLSv1.3"))) {
            assertEquals("+OK", c.call("AUTH", OpsStack.secretKey()));
            assertEquals("+OK", c.call("QUIT"));
            assertEquals("<closed>", c.read());
        }
    }

    /** TLS 1.2 works, and a client asking it for a second handshake is closed without one. */
    @Test
    void tls12RenegotiationIsRefused() throws Exception {
        SSLSocket socket = tlsSocket("TLSv1.2");
        try (RespConnection c = new RespConnection(socket)) {
            assertEquals("TLSv1.2", socket.getSession().getProtocol());
            assertEquals("+OK", c.call("AUTH", OpsStack.secretKey()));
            assertEquals("+PONG", c.call("PING"));
            assertThrows(IOException.class, () -> {
                socket.startHandshake();
                c.call("PING"); // not reached: the handshake fails, or the connection is gone
                socket.getInputStream().read();
            });
        }
        try (Jedis j = jedis()) {
            assertEquals("PONG", j.ping(), "the gateway serves the next client");
        }
    }

    @Test
    void plaintextClientsGetNoRespAnswer() throws Exception {
        InetSocketAddress a = OpsStack.respAddress();
        try (Socket plain = new Socket(a.getAddress(), a.getPort())) {
            plain.setSoTimeout(30_000);
            OutputStream out = plain.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = plain.getInputStream();
            // the TLS server treats the bytes as a broken handshake: it may send an alert, never +PONG
            byte[] answer = in.readNBytes(5);
            assertNotEquals("+PONG", new String(answer, StandardCharsets.US_ASCII));
        }
    }

    private static Jedis jedis() throws Exception {
        InetSocketAddress a = OpsStack.respAddress();
        SSLContext tls = OpsStack.trustingTls();
        return new Jedis(new HostAndPort("localhost", a.getPort()), DefaultJedisClientConfig.builder().ssl(true)
                .sslSocketFactory(tls.getSocketFactory()).password(OpsStack.secretKey()).socketTimeoutMillis(60_000)
                .build());
    }

    private static SSLSocket tlsSocket(String protocol) throws Exception {
        InetSocketAddress a = OpsStack.respAddress();
        SSLSocket socket = (SSLSocket) OpsStack.trustingTls().getSocketFactory().createSocket("localhost", a.getPort());
        socket.setEnabledProtocols(new String[] {protocol});
        socket.startHandshake();
        return socket;
    }

    private static String cli(String... args) throws Exception {
        return run(command(args));
    }

    private static ProcessBuilder command(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("redis-cli", "--tls", "--cacert",
                OpsStack.certificatePem().toString(), "-h", "localhost", "-p",
                String.valueOf(OpsStack.respAddress().getPort()), "--no-auth-warning", "-a", OpsStack.secretKey()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    private static String run(ProcessBuilder builder) throws IOException, InterruptedException {
        Process p = builder.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "redis-cli finished");
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private static String unique(String prefix) {
        return prefix + ":" + UUID.randomUUID();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
