package io.pgvs3.e2e;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * S3Proxy 4 on a filesystem, as a process of its own on loopback: the origin of OriginIT. It can be
 * stopped and started again on the same port with the same data, to play an origin outage.
 */
final class OriginPeer implements AutoCloseable {

    private final Path jar = Path.of(System.getProperty("pgvs3.e2e.s3proxyJar", "target/peer/s3proxy.jar"));
    private final Path dir;
    private final int port;
    private Process process;

    OriginPeer() throws IOException {
        dir = Files.createTempDirectory("origin-peer");
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Files.createDirectories(dir.resolve("data"));
        Files.writeString(dir.resolve("s3proxy.conf"), String.join("\n",
                "s3proxy.endpoint=http://127.0.0.1:" + port,
                "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + Stack.ORIGIN_ACCESS_KEY,
                "s3proxy.credential=" + Stack.ORIGIN_SECRET_KEY,
                "jclouds.provider=filesystem",
                "jclouds.filesystem.basedir=" + dir.resolve("data"), ""));
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /**
     * A client of the origin itself, as someone who writes there directly. It retries as the SDK does by
     * default: outage tests restart this process, and a connection it pooled before the restart is dead
     * (a write into it fails with a broken pipe).
     */
    S3Client client() {
        return Clients.s3(endpoint(), Stack.ORIGIN_ACCESS_KEY, Stack.ORIGIN_SECRET_KEY, ApacheHttpClient.builder(),
                Duration.ofSeconds(30), 3);
    }

    /** Starts it and returns once it accepts connections. */
    void start() throws IOException, InterruptedException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no S3Proxy at " + jar + " (the ear module copies it before integration tests)");
        }
        ProcessBuilder builder = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-Xmx256m",
                "-jar", jar.toString(), "--properties", dir.resolve("s3proxy.conf").toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("s3proxy.log").toFile()));
        builder.environment().put("LOG_LEVEL", "warn");
        process = builder.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!accepts()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("S3Proxy did not start: " + Files.readString(dir.resolve("s3proxy.log")));
            }
            Thread.sleep(100);
        }
    }

    /** Stops it; its objects stay for the next {@link #start}. */
    void stop() throws InterruptedException {
        if (process != null) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
            process = null;
        }
    }

    private boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Stops it and deletes its objects. */
    @Override
    public void close() throws InterruptedException, IOException {
        stop();
        TempDirs.deleteRecursively(dir);
    }
}
