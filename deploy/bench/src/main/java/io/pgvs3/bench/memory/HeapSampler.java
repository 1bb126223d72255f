package io.pgvs3.bench.memory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Samples the gateway's heap every 100 ms with the JDK's {@code jstat -gc PID 100}, keeping the highest
 * used and committed heap seen. jstat reads the JVM's shared performance counters, so a gateway whose
 * two cores are saturated by the very transfers being measured is sampled on time all the same (its
 * admin port's /metrics answered only every 200–500 ms under eight 1 GiB PUTs). A peak shorter than
 * the interval can be missed; a heap that grows with the body cannot.
 */
final class HeapSampler implements AutoCloseable {
    static final long INTERVAL_MS = 100;
    /** jstat -gc columns (KiB) whose sum is the used heap, and the committed one. */
    private static final List<String> USED = List.of("S0U", "S1U", "EU", "OU");
    private static final List<String> COMMITTED = List.of("S0C", "S1C", "EC", "OC");

    private final Process jstat;
    private final Thread reader;
    private final long heapMax;
    private volatile long maxUsed = -1;
    private volatile long maxCommitted = -1;
    private volatile int samples;

    HeapSampler(long pid) throws IOException, InterruptedException {
        heapMax = maxHeapSize(pid);
        jstat = new ProcessBuilder(tool("jstat"), "-J-Duser.language=en", "-gc", Long.toString(pid),
                Long.toString(INTERVAL_MS)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        reader = new Thread(this::read, "bench-heap-sampler");
        reader.setDaemon(true);
        reader.start();
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(jstat.getInputStream(), StandardCharsets.US_ASCII))) {
            List<String> header = null;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] fields = line.trim().split("\\s+");
                if (header == null || !Character.isDigit(fields[0].charAt(0))) {
                    header = Arrays.asList(fields);
                    continue;
                }
                maxUsed = Math.max(maxUsed, kibSum(header, fields, USED));
                maxCommitted = Math.max(maxCommitted, kibSum(header, fields, COMMITTED));
                samples++;
            }
        } catch (IOException | RuntimeException e) {
            // jstat ended (the gateway exited, or close()); the samples so far stand
        }
    }

    private static long kibSum(List<String> header, String[] fields, List<String> columns) {
        double kib = 0;
        for (String column : columns) {
            kib += Double.parseDouble(fields[header.indexOf(column)]);
        }
        return (long) (kib * 1024);
    }

    /** -Xmx as the JVM took it ({@code jinfo -flag MaxHeapSize}), in bytes. */
    private static long maxHeapSize(long pid) throws IOException, InterruptedException {
        Process jinfo = new ProcessBuilder(tool("jinfo"), "-flag", "MaxHeapSize", Long.toString(pid))
                .redirectErrorStream(true).start();
        String out = new String(jinfo.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        if (jinfo.waitFor() != 0 || !out.startsWith("-XX:MaxHeapSize=")) {
            throw new IOException("jinfo -flag MaxHeapSize " + pid + ": " + out);
        }
        return Long.parseLong(out.substring("-XX:MaxHeapSize=".length()));
    }

    private static String tool(String name) throws IOException {
        Path tool = Path.of(System.getProperty("java.home"), "bin", name);
        if (!Files.isExecutable(tool)) {
            throw new IOException("the memory run needs a JDK's " + name + ", not found at " + tool);
        }
        return tool.toString();
    }

    /** Starts a new high-water mark (between phases). */
    void reset() {
        maxUsed = -1;
        maxCommitted = -1;
        samples = 0;
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

    @Override
    public void close() throws InterruptedException {
        jstat.destroy();
        reader.join(5_000);
    }
}
