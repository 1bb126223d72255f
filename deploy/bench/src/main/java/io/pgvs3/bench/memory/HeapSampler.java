package io.pgvs3.bench.memory;

import io.pgvs3.bench.http.HttpConnection;
import io.pgvs3.bench.http.HttpResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Samples the gateway's heap from its admin port's MicroProfile Metrics ({@code /metrics?scope=base},
 * Prometheus text) every 100 ms on its own thread, keeping the highest used and committed heap seen.
 * A peak shorter than the interval can be missed; a heap that grows with the body cannot.
 */
final class HeapSampler implements AutoCloseable {
    static final long INTERVAL_MS = 100;
    private static final Pattern USED = gauge("memory_usedHeap_bytes");
    private static final Pattern COMMITTED = gauge("memory_committedHeap_bytes");
    private static final Pattern MAX = gauge("memory_maxHeap_bytes");

    private final HttpConnection connection;
    private final byte[] request;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;
    private volatile long maxUsed = -1;
    private volatile long maxCommitted = -1;
    private volatile long heapMax = -1;
    private volatile int samples;
    private volatile int failures;

    HeapSampler(URI admin) {
        connection = new HttpConnection(admin.getHost(), admin.getPort());
        request = ("GET /metrics?scope=base HTTP/1.1\r\nHost: " + admin.getHost() + ':' + admin.getPort() + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        thread = new Thread(this::loop, "bench-heap-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    private static Pattern gauge(String name) {
        return Pattern.compile("^" + name + "\\{[^}]*} ([0-9.Ee+-]+)$", Pattern.MULTILINE);
    }

    private void loop() {
        HttpResponse response = new HttpResponse().captureBody();
        while (running.get()) {
            long next = System.currentTimeMillis() + INTERVAL_MS;
            try {
                connection.exchange(request, null, false, response);
                String text = response.body();
                long used = value(USED, text);
                if (response.ok() && used >= 0) {
                    maxUsed = Math.max(maxUsed, used);
                    maxCommitted = Math.max(maxCommitted, value(COMMITTED, text));
                    heapMax = value(MAX, text);
                    samples++;
                } else {
                    failures++;
                }
            } catch (IOException e) {
                failures++; // a gateway too busy to answer its admin port within the timeout is itself a finding
            }
            long wait = next - System.currentTimeMillis();
            if (wait > 0) {
                try {
                    Thread.sleep(wait);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private static long value(Pattern gauge, String text) {
        Matcher m = gauge.matcher(text);
        return m.find() ? (long) Double.parseDouble(m.group(1)) : -1;
    }

    /** Starts a new high-water mark (between phases). */
    void reset() {
        maxUsed = -1;
        maxCommitted = -1;
        samples = 0;
        failures = 0;
    }

    long maxUsed() {
        return maxUsed;
    }

    long maxCommitted() {
        return maxCommitted;
    }

    long heapMax() {
        return heapMax;
    }

    int samples() {
        return samples;
    }

    int failures() {
        return failures;
    }

    @Override
    public void close() {
        running.set(false);
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        connection.close();
    }
}
