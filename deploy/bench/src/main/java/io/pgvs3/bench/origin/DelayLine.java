package io.pgvs3.bench.origin;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A slow network in front of an origin: a TCP proxy on loopback that delays every chunk by a fixed
 * latency in each direction and caps each connection's bandwidth per direction. Bytes pass unchanged (a
 * SigV4 signature still verifies); the connection count is kept. It plays the "origin 20 ms and 50 MiB/s
 * away" of the origin benchmark.
 */
public final class DelayLine implements AutoCloseable {

    private static final int CHUNK = 64 * 1024;

    private final ServerSocket listener;
    private final InetSocketAddress upstream;
    private final long latencyNanos;
    private final long bytesPerSecond;
    private final AtomicLong connections = new AtomicLong();
    private volatile boolean closed;

    /**
     * @param oneWay         added to every chunk in each direction
     * @param bytesPerSecond per connection and direction
     */
    public DelayLine(InetSocketAddress upstream, Duration oneWay, long bytesPerSecond) throws IOException {
        this.upstream = upstream;
        this.latencyNanos = oneWay.toNanos();
        this.bytesPerSecond = bytesPerSecond;
        this.listener = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::acceptLoop, "delay-line-accept");
        accept.setDaemon(true);
        accept.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    public long connections() {
        return connections.get();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                Socket origin = new Socket();
                origin.connect(upstream);
                client.setTcpNoDelay(true);
                origin.setTcpNoDelay(true);
                connections.incrementAndGet();
                lane(client, origin, "up");
                lane(origin, client, "down");
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("delay line: " + e);
                }
            }
        }
    }

    /** One direction: a reader stamps chunks as they arrive, a writer sends each once its time has come. */
    private void lane(Socket from, Socket to, String name) throws IOException {
        BlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>(256);
        BlockingQueue<Long> due = new LinkedBlockingQueue<>();
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        Thread reader = new Thread(() -> {
            byte[] buffer = new byte[CHUNK];
            try {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    due.add(System.nanoTime() + latencyNanos);
                    chunks.put(Arrays.copyOf(buffer, n));
                }
            } catch (IOException | InterruptedException e) {
                // the connection ended
            }
            due.add(0L);
            chunks.offer(new byte[0]);
        }, "delay-line-" + name + "-read");
        Thread writer = new Thread(() -> {
            long free = 0; // when the lane may send again under its cap (an idle lane earns no burst)
            try {
                while (true) {
                    long at = due.take();
                    byte[] chunk = chunks.take();
                    if (chunk.length == 0) {
                        break;
                    }
                    sleepUntil(Math.max(at, free));
                    long began = System.nanoTime();
                    out.write(chunk);
                    out.flush();
                    if (bytesPerSecond > 0) {
                        free = began + chunk.length * 1_000_000_000L / bytesPerSecond;
                    }
                }
                to.shutdownOutput();
            } catch (IOException | InterruptedException e) {
                closeQuietly(to);
                closeQuietly(from);
            }
        }, "delay-line-" + name + "-write");
        reader.setDaemon(true);
        writer.setDaemon(true);
        reader.start();
        writer.start();
    }

    private static void sleepUntil(long nanoTime) {
        long wait;
        while ((wait = nanoTime - System.nanoTime()) > 0) {
            LockSupport.parkNanos(wait);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        listener.close();
    }
}
