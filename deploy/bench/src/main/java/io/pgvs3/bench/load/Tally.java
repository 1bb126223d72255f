package io.pgvs3.bench.load;

import java.util.Map;
import java.util.TreeMap;

/** What one worker counted inside the measured window; merged into the run's total afterwards. */
final class Tally {
    /** The error key of a call that failed without an HTTP status (refused, reset, timed out). */
    static final String IO_ERROR = "io";

    final LatencyHistogram latencies = new LatencyHistogram();
    final Map<String, Long> errors = new TreeMap<>();
    long ok;
    long units;
    long bytes;
    long timedNanos;
    long connects;

    void success(Outcome outcome, long nanos) {
        latencies.record(nanos);
        ok++;
        units += outcome.units();
        bytes += outcome.bytes();
        timedNanos += nanos;
    }

    void failure(String key, long nanos) {
        errors.merge(key, 1L, Long::sum);
        timedNanos += nanos;
    }

    void add(Tally other) {
        latencies.add(other.latencies);
        other.errors.forEach((k, v) -> errors.merge(k, v, Long::sum));
        ok += other.ok;
        units += other.units;
        bytes += other.bytes;
        timedNanos += other.timedNanos;
        connects += other.connects;
    }
}
