package io.pgvs3.bench.report;

import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The runtime floors in a normal run's table: their own rows, then every subject case they bound (4 KiB GETs
 * and HEADs at the same number of workers, {@link Floors#runtime}, {@link Floors#s3ShapedRuntime}) as the
 * subject's rate and server CPU per call divided by the floor's. CPU per call is the measure that matters: the
 * gateway's target is a small multiple of what its Liberty charges for a trivial answer, whatever else shares
 * the cores; the S3-shaped floor tells how much of the rest the runtime charges for S3's headers. Nothing when
 * the run did not measure a runtime floor.
 */
final class RuntimeFloorTable {
    private RuntimeFloorTable() {
    }

    static String markdown(List<Summary> summaries, String subject) {
        if (summaries.stream().noneMatch(s -> s.role().equals("runtime_floor"))) {
            return "";
        }
        StringBuilder md = new StringBuilder("\nRuntime floor (a trivial application-scoped JAX-RS resource answering"
                + " 4 KiB, on a Liberty server of the gateway's own install; floor-jaxrs-s3-* with an S3 GET's request"
                + " and answer headers):\n\n");
        ComparisonTable.floorRows(md, summaries, "runtime_floor", "Liberty CPU ms/call");
        comparison(md, summaries, subject, "the runtime floor", Floors::runtime);
        comparison(md, summaries, subject, "the S3-shaped runtime floor (an S3 GET's request and answer headers)",
                Floors::s3ShapedRuntime);
        return md.toString();
    }

    /** The subject's GETs and HEADs that {@code floorOf} bounds, divided by that floor; nothing if none. */
    private static void comparison(StringBuilder md, List<Summary> summaries, String subject, String floorName,
                                   BiFunction<List<Summary>, Summary, Optional<Summary>> floorOf) {
        StringBuilder rows = new StringBuilder();
        for (Summary s : summaries) {
            Optional<Summary> floor = s.role().equals("subject") ? floorOf.apply(summaries, s) : Optional.empty();
            floor.ifPresent(f -> rows.append("| ").append(s.caseName()).append(" | ").append(Cells.rate(s.rate()))
                    .append(" | ").append(Cells.rate(f.rate())).append(" | ").append(Cells.ratio(s.rate(), f.rate()))
                    .append(" | ").append(Cells.millis(s.serverCpuMs())).append(" | ")
                    .append(Cells.millis(f.serverCpuMs())).append(" | ")
                    .append(Cells.ratio(s.serverCpuMs(), f.serverCpuMs())).append(" |\n"));
        }
        if (rows.isEmpty()) {
            return;
        }
        md.append('\n').append(subject).append(" against ").append(floorName).append(" at the same workers:\n\n")
                .append("| case | ").append(subject).append(" req/s | floor req/s | ").append(subject)
                .append(" ÷ floor | ").append(subject).append(" CPU ms/call | floor CPU ms/call | ")
                .append(subject).append(" CPU ÷ floor CPU |\n|---|---:|---:|---:|---:|---:|---:|\n").append(rows);
    }
}
