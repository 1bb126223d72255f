package io.pgvs3.bench.report;

import java.util.List;
import java.util.Optional;

/**
 * The runtime floor in a normal run's table: its own rows, then every subject case it bounds (4 KiB GETs
 * and HEADs at the same number of workers, {@link Floors#runtime}) as the subject's rate and server CPU per
 * call divided by the floor's. CPU per call is the measure that matters: the gateway's target is a small
 * multiple of what its Liberty charges for a trivial answer, whatever else shares the cores. Nothing when
 * the run did not measure the runtime floor.
 */
final class RuntimeFloorTable {
    private RuntimeFloorTable() {
    }

    static String markdown(List<Summary> summaries, String subject) {
        if (summaries.stream().noneMatch(s -> s.role().equals("runtime_floor"))) {
            return "";
        }
        StringBuilder md = new StringBuilder("\nRuntime floor (a trivial application-scoped JAX-RS resource answering"
                + " 4 KiB, on a Liberty server of the gateway's own install):\n\n");
        ComparisonTable.floorRows(md, summaries, "runtime_floor", "Liberty CPU ms/call");
        md.append('\n').append(subject).append(" against the runtime floor at the same workers:\n\n")
                .append("| case | ").append(subject).append(" req/s | runtime floor req/s | ").append(subject)
                .append(" ÷ runtime floor | ").append(subject).append(" CPU ms/call | runtime floor CPU ms/call | ")
                .append(subject).append(" CPU ÷ runtime floor CPU |\n|---|---:|---:|---:|---:|---:|---:|\n");
        for (Summary s : summaries) {
            Optional<Summary> floor = s.role().equals("subject") ? Floors.runtime(summaries, s) : Optional.empty();
            floor.ifPresent(f -> md.append("| ").append(s.caseName()).append(" | ").append(Cells.rate(s.rate()))
                    .append(" | ").append(Cells.rate(f.rate())).append(" | ").append(Cells.ratio(s.rate(), f.rate()))
                    .append(" | ").append(Cells.millis(s.serverCpuMs())).append(" | ")
                    .append(Cells.millis(f.serverCpuMs())).append(" | ")
                    .append(Cells.ratio(s.serverCpuMs(), f.serverCpuMs())).append(" |\n"));
        }
        return md.toString();
    }
}
