package io.pgvs3.delayline;

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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A slow network in front of an origin: a TCP proxy on loopback that delays every chunk by a fixed
 * latency in each direction and caps each connection's bandwidth per direction. Bytes pass unchanged (a
 * SigV4 signature still verifies); the connection count is kept. It plays the "origin 20 ms and 50 MiB/s
 * away" of the origin benchmark, and holds one response at a gate for the origin race tests
 * ({@link #holdNextResponse}).
 */
public final class DelayLine implements AutoCloseable {

    private static final int CHUNK = 64 * 1024;

    private final ServerSocket listener;
    private final InetSocketAddress upstream;
    private final long latencyNanos;
    private final long bytesPerSecond;
    private final AtomicLong connections = new AtomicLong();
    private final AtomicReference<Hold> armed = new AtomicReference<>();
    private final AtomicLong bytesToClients = new AtomicLong();
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

    /** Bytes the origin's answers have delivered to the clients so far, over every connection. */
    public long bytesToClients() {
        return bytesToClients.get();
    }

    /**
     * Arms the gate: the first bytes the origin sends after this, on whichever connection, wait there
     * (and that connection with them) until the hold is released; other connections flow. Arm it while
     * exactly the request to hold is on its way.
     */
    public Hold holdNextResponse() {
        Hold hold = new Hold();
        armed.set(hold);
        return hold;
    }

    /** A response held at the gate. */
    public static final class Hold {
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        /** @return whether a response reached the gate within {@code timeout} */
        public boolean awaitHeld(Duration timeout) throws InterruptedException {
            return held.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        }

        /** Lets the held response (if any) go on; a hold not reached yet no longer stops anything. */
        public void release() {
            released.countDown();
        }

        private void stop() throws InterruptedException {
            held.countDown();
            released.await();
        }
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
                lane(client, origin, "up", false);
                lane(origin, client, "down", true);
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("delay line: " + e);
                }
            }
        }
    }

    /** One direction: a reader stamps chunks as they arrive, a writer sends each once its time has come. */
    private void lane(Socket from, Socket to, String name, boolean toClient) throws IOException {
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
                    Hold hold = toClient ? armed.getAndSet(null) : null;
                    if (hold != null) {
                        hold.stop();
                    }
                    long began = System.nanoTime();
                    out.write(chunk);
                    out.flush();
                    if (toClient) {
                        bytesToClients.addAndGet(chunk.length);
                    }
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
