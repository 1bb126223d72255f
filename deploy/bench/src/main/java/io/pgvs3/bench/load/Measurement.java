package io.pgvs3.bench.load;

import java.util.Map;

/**
 * The result of one closed-loop run over its measured window.
 *
 * @param workers       concurrent workers (one connection each)
 * @param windowNanos   length of the measured window
 * @param ok            successful calls completed inside the window
 * @param units         units of work of those calls (requests, or keys deleted)
 * @param bytes         payload bytes moved by those calls
 * @param errors        failed calls by HTTP status, or "io" for calls without one
 * @param latencies     latencies of the successful calls
 * @param timedNanos    the sum over workers of time spent inside timed calls
 * @param clientCpuNanos CPU the load generator's JVM spent in the window (-1 unknown)
 * @param serverCpuNanos CPU the server process spent in the window (-1 unknown)
 * @param dbCpuNanos     CPU PostgreSQL (postmaster and backends) spent in the window (-1 unknown)
 * @param connects      TCP connections the workers opened in the whole run, warm-up included
 * @param untimedSetup  whether calls were separated by untimed preparation (then rates use timedNanos)
 */
public record Measurement(int workers, long windowNanos, long ok, long units, long bytes, Map<String, Long> errors,
                          LatencyHistogram latencies, long timedNanos, long clientCpuNanos, long serverCpuNanos,
                          long dbCpuNanos, long connects, boolean untimedSetup) {

    /**
     * Units per second. A closed loop is measured by the wall clock; a loop with untimed preparation
     * between calls (DeleteObjects and its refill) by the time its workers spent in timed calls.
     */
    public double rate() {
        double seconds = untimedSetup ? timedNanos / 1e9 / workers : windowNanos / 1e9;
        return seconds <= 0 ? 0 : units / seconds;
    }

    /** Successful calls per second, on the same clock as {@link #rate()}. */
    public double callRate() {
        return units == 0 ? 0 : rate() * ok / units;
    }

    public double mibPerSecond() {
        return units == 0 ? 0 : rate() * bytes / units / (1024.0 * 1024.0);
    }

    /**
     * CPU milliseconds per successful call, or -1 when unknown, when nothing succeeded, or when untimed
     * preparation ran in the window (its CPU, e.g. a refill's PUTs, cannot be told apart from the calls').
     */
    public double perCallMillis(long cpuNanos) {
        return cpuNanos < 0 || ok == 0 || untimedSetup ? -1 : cpuNanos / 1e6 / ok;
    }
}
