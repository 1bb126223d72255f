package io.pgvs3.bench.sol;

import io.pgvs3.bench.report.ResultLine;
import io.pgvs3.bench.targets.Target;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Logger;

/**
 * Writes each {@link Shot} as one line of the harness's NDJSON format, so the sol run reads like a
 * matrix run whose every case is one call: ok is 1 or 0, the latency fields all hold the call's wall
 * time and the CPU fields its CPU, {@code workers} the connections it used.
 */
final class SolResults implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(SolResults.class.getName());

    private final String run;
    private final String pg;
    private final BufferedWriter out;
    private final boolean logged;

    private SolResults(String run, String pg, BufferedWriter out, boolean logged) {
        this.run = run;
        this.pg = pg;
        this.out = out;
        this.logged = logged;
    }

    /** Appends to {@code file} and logs each call. */
    static SolResults toFile(String run, String pg, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        return new SolResults(run, pg, Files.newBufferedWriter(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND),
                true);
    }

    /** Keeps nothing: for the warm-up's calls. */
    static SolResults discarding() {
        return new SolResults("warm-up", "", new BufferedWriter(Writer.nullWriter()), false);
    }

    void write(Target target, String caseName, String op, long size, int connections, int trial, Shot shot)
            throws IOException {
        boolean ok = shot.error() == null;
        double seconds = shot.nanos() / 1e9;
        double ms = shot.nanos() / 1e6;
        Map<String, Long> errors = ok ? new TreeMap<>() : new TreeMap<>(Map.of(shot.error(), 1L));
        ResultLine line = new ResultLine(run, target.name(), target.role().name().toLowerCase(Locale.ROOT),
                target.build(), pg, caseName, op, size, "req", connections, trial, seconds, ok ? 1 : 0,
                ok ? 1 / seconds : 0, ok ? 1 / seconds : 0, ok ? shot.bytes() / seconds / (1 << 20) : 0, ms, ms, ms, ms,
                errors, millis(shot.clientCpuNanos()), millis(shot.serverCpuNanos()), millis(shot.dbCpuNanos()),
                connections);
        out.write(line.toJson());
        out.newLine();
        out.flush();
        if (!logged) {
            return;
        }
        LOG.info(() -> String.format(Locale.ROOT, "%-24s %-10s %-14s w%d trial %d: %8.1f MiB/s  %8.1f ms  server %s ns/B%s",
                caseName, target.name(), op, connections, trial, line.mibPerS(), ms, nsPerByte(shot.serverCpuNanos(), size),
                ok ? "" : "  FAILED " + shot.error()));
    }

    private static double millis(long nanos) {
        return nanos < 0 ? -1 : nanos / 1e6;
    }

    private static String nsPerByte(long nanos, long size) {
        return nanos < 0 ? "–" : String.format(Locale.ROOT, "%.2f", (double) nanos / size);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
