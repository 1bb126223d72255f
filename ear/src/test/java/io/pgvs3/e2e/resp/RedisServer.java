package io.pgvs3.e2e.resp;

import io.pgvs3.e2e.TempDirs;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real redis-server (the Debian package) on a free loopback port, with the stack's secret as its
 * password so AUTH behaves alike. In memory by default, or with {@code appendonly yes, appendfsync always};
 * further settings as command-line options ({@code --maxclients 2}).
 */
final class RedisServer implements AutoCloseable {

    private final Process process;
    private final InetSocketAddress address;
    private final Path dir;

    private RedisServer(Process process, InetSocketAddress address, Path dir) {
        this.process = process;
        this.address = address;
        this.dir = dir;
    }

    static RedisServer start(String password, boolean durable, String... settings) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Path dir = Files.createTempDirectory("redis-e2e");
        List<String> command = new ArrayList<>(List.of("redis-server", "--port", String.valueOf(port),
                "--bind", "127.0.0.1", "--save", "", "--dir", dir.toString(), "--requirepass", password));
        command.addAll(durable ? List.of("--appendonly", "yes", "--appendfsync", "always")
                : List.of("--appendonly", "no"));
        command.addAll(List.of(settings));
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("redis.log").toFile()).start();
        } catch (IOException e) {
            throw new IllegalStateException("redis-server is not installed (apt-get install redis-server)", e);
        }
        InetSocketAddress address = new InetSocketAddress("127.0.0.1", port);
        RedisServer server = new RedisServer(process, address, dir);
        server.awaitPong(password);
        return server;
    }

    InetSocketAddress address() {
        return address;
    }

    private void awaitPong(String password) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (RespConnection c = new RespConnection(address)) {
                c.call("AUTH", password);
                if (c.call("PING").equals("+PONG")) {
                    return;
                }
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline || !process.isAlive()) {
                    throw new IllegalStateException("redis-server did not start: " + Files.readString(dir.resolve("redis.log")));
                }
                Thread.sleep(50); // polling for the port to open, with a deadline
            }
        }
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        TempDirs.deleteRecursively(dir);
    }
}
