package io.pgvs3.bench.slow;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.TimeUnit;

/**
 * A client that sends one signed GET and reads its answer at {@code bytesPerSecond}, paced in
 * tenth-of-a-second steps, until {@code seconds} have passed or the server ends the connection. Its
 * receive buffer is the kernel's default: the gateway fills it and its own send buffer, then waits on
 * the client like any other slow reader's.
 */
final class SlowReader implements Runnable {

    /** What the reader saw. {@code endedBy} is "the client" when it read for the whole time. */
    record Outcome(String statusLine, long bytesRead, double seconds, String endedBy) {
    }

    private static final long STEP_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final String host;
    private final int port;
    private final byte[] requestHead;
    private final long bytesPerSecond;
    private final long seconds;
    private volatile Outcome outcome;

    SlowReader(String host, int port, byte[] requestHead, long bytesPerSecond, long seconds) {
        this.host = host;
        this.port = port;
        this.requestHead = requestHead;
        this.bytesPerSecond = bytesPerSecond;
        this.seconds = seconds;
    }

    @Override
    public void run() {
        long started = System.nanoTime();
        long read = 0;
        StringBuilder statusLine = new StringBuilder();
        String endedBy = "the client";
        try (Socket socket = new Socket(host, port)) {
            OutputStream out = socket.getOutputStream();
            out.write(requestHead);
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[(int) Math.max(1, bytesPerSecond / 10)];
            long end = started + TimeUnit.SECONDS.toNanos(seconds);
            for (long step = started; step < end; step += STEP_NANOS) {
                long due = (step - started + STEP_NANOS) * bytesPerSecond / TimeUnit.SECONDS.toNanos(1) - read;
                int n = due <= 0 ? 0 : in.read(buffer, 0, (int) Math.min(buffer.length, due));
                if (n < 0) {
                    endedBy = "the gateway (end of stream)";
                    break;
                }
                for (int i = 0; i < n && statusLine.indexOf("\r\n") < 0; i++) {
                    statusLine.append((char) (buffer[i] & 0xff));
                }
                read += n;
                TimeUnit.NANOSECONDS.sleep(Math.max(0, step + STEP_NANOS - System.nanoTime())); // the pace itself
            }
        } catch (IOException e) {
            endedBy = "the gateway (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            endedBy = "an interrupt";
        }
        int eol = statusLine.indexOf("\r\n");
        outcome = new Outcome(eol < 0 ? statusLine.toString() : statusLine.substring(0, eol), read,
                (System.nanoTime() - started) / 1e9, endedBy);
    }

    /** Null until {@link #run()} returns. */
    Outcome outcome() {
        return outcome;
    }
}
