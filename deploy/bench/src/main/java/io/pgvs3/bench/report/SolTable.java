package io.pgvs3.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The sol run's tables: each gateway call beside the HTTP floor and the PostgreSQL floor for the
 * same bytes, as MiB/s and as a percentage of the lower floor (the one that really bounds it), with
 * the gateway's CPU per byte; then every floor variant. Which PostgreSQL floor bounds which call:
 * the COPY for a PUT, the first single-connection row-range read for the first GET, and the fastest
 * variant on any connection count for later GETs and ranges (that is the floor a read path can reach).
 *
 * <p>The CPU ceiling is what the call's CPU per byte (client, gateway and PostgreSQL together) allows
 * on this host's cores if every core were busy with it all the time: a floor needs only part of that
 * work (the HTTP floor no database, the PostgreSQL floor no gateway), so where the ceiling is below a
 * floor, no gateway that spends this much CPU can reach that floor on this host.
 */
public final class SolTable {
    private static final String HTTP = "http-floor";
    private static final String PG = "pg-floor";

    private SolTable() {
    }

    /** Renders on the host that ran the calls, whose cores bound them. */
    public static void render(Path results, Path markdown) throws IOException {
        List<ResultLine> lines = Report.read(results);
        Files.writeString(markdown, markdown(lines, Runtime.getRuntime().availableProcessors()));
    }

    static String markdown(List<ResultLine> lines, int cores) {
        List<Summary> all = Summary.of(lines);
        int trials = lines.stream().mapToInt(ResultLine::trial).max().orElse(0);
        StringBuilder md = new StringBuilder("Sol run " + String.join(", ", runs(lines)) + "; " + trials
                + " trial(s), one call each per trial; medians over trials (± half the spread between the fastest"
                + " and slowest trial).\n\n").append(Report.provenance(lines));
        md.append("| call | pgvs3 MiB/s | HTTP floor MiB/s | PostgreSQL floor MiB/s | PostgreSQL floor | "
                + "% of min floor | pgvs3 CPU ns/B | db CPU ns/B | client CPU ns/B | " + cores + "-core CPU ceiling MiB/s | "
                + "errors |\n|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|\n");
        for (Summary g : all) {
            if (!g.role().equals("subject")) {
                continue;
            }
            Optional<Summary> http = all.stream().filter(s -> s.target().equals(HTTP) && s.caseName().equals(g.caseName()))
                    .findFirst();
            Optional<Summary> pg = postgresFloor(all, g);
            double floor = Math.min(http.map(SolTable::mib).orElse(Double.MAX_VALUE),
                    pg.map(SolTable::mib).orElse(Double.MAX_VALUE));
            md.append("| ").append(g.caseName()).append(" | ").append(mibCell(g)).append(" | ")
                    .append(http.map(SolTable::mibCell).orElse("–")).append(" | ")
                    .append(pg.map(SolTable::mibCell).orElse("–")).append(" | ")
                    .append(pg.map(SolTable::variant).orElse("–")).append(" | ")
                    .append(floor == Double.MAX_VALUE ? "–" : String.format(Locale.ROOT, "%.0f %%", mib(g) / floor * 100))
                    .append(" | ").append(nsPerByte(g.serverCpuMs(), g.size())).append(" | ")
                    .append(nsPerByte(g.dbCpuMs(), g.size())).append(" | ")
                    .append(nsPerByte(g.clientCpuMs(), g.size())).append(" | ")
                    .append(ceiling(g, cores)).append(" | ").append(g.errors()).append(" |\n");
        }
        md.append("\nFloors (HTTP: the same calls on a loopback server that stores nothing; PostgreSQL: binary COPY in,"
                + " reads in spans of 32 rows into 256 KiB buffers, chunk-pool session settings):\n\n");
        md.append("| call | floor | how | connections | MiB/s | PostgreSQL CPU ns/B | errors |\n"
                + "|---|---|---|---:|---:|---:|---:|\n");
        for (Summary f : all) {
            if (f.role().equals("floor")) {
                md.append("| ").append(f.caseName()).append(" | ").append(f.target()).append(" | ").append(f.op())
                        .append(" | ").append(f.workers()).append(" | ").append(mibCell(f)).append(" | ")
                        .append(f.target().equals(PG) ? nsPerByte(f.serverCpuMs(), f.size()) : "–").append(" | ")
                        .append(f.errors()).append(" |\n");
            }
        }
        return md.toString();
    }

    /** MiB/s that {@code cores} fully busy cores allow at the call's CPU per byte; "–" without all three. */
    private static String ceiling(Summary g, int cores) {
        double cpuMs = g.clientCpuMs() + g.serverCpuMs() + g.dbCpuMs();
        if (g.clientCpuMs() < 0 || g.serverCpuMs() < 0 || g.dbCpuMs() < 0 || cpuMs <= 0) {
            return "–";
        }
        double callsPerSecond = cores * 1000 / cpuMs;
        return Cells.rate(callsPerSecond * mibPerCall(g));
    }

    private static Optional<Summary> postgresFloor(List<Summary> all, Summary g) {
        var candidates = all.stream().filter(s -> s.target().equals(PG) && s.caseName().equals(g.caseName()));
        if (g.caseName().startsWith("sol-put-") || g.caseName().startsWith("sol-get-first-")) {
            return candidates.filter(s -> s.workers() == 1).findFirst();
        }
        return candidates.max(Comparator.comparingDouble(SolTable::mib));
    }

    /** Each line is one call, so the median rate times the call's MiB is the median MiB/s. */
    private static double mib(Summary s) {
        return s.rate() * mibPerCall(s);
    }

    private static double mibPerCall(Summary s) {
        return s.size() / (double) (1 << 20);
    }

    private static String mibCell(Summary s) {
        return Cells.rate(mib(s)) + Cells.spread(s, mibPerCall(s));
    }

    private static String variant(Summary s) {
        return s.op() + ", " + s.workers() + " conn.";
    }

    private static String nsPerByte(double cpuMs, long size) {
        return cpuMs < 0 || size <= 0 ? "–" : String.format(Locale.ROOT, "%.2f", cpuMs * 1e6 / size);
    }

    private static Set<String> runs(List<ResultLine> lines) {
        Set<String> runs = new LinkedHashSet<>();
        lines.forEach(l -> runs.add(l.run()));
        return runs;
    }
}
