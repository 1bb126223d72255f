package io.pgvs3.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The table of a paired run: the current build beside a saved one, case by case, flagging every case
 * whose median rate moved by more than the threshold in either direction.
 */
final class PairedTable {
    private PairedTable() {
    }

    /** Cases whose median moved by more than {@code threshold} (0.2 = 20 %). */
    static List<String> moved(List<Summary> summaries, double threshold) {
        return summaries.stream()
                .filter(s -> s.role().equals("subject"))
                .filter(s -> ComparisonTable.find(summaries, "baseline", s.caseName())
                        .map(b -> b.rate() > 0 && Math.abs(s.rate() / b.rate() - 1) > threshold).orElse(false))
                .map(Summary::caseName)
                .toList();
    }

    static String markdown(List<Summary> summaries, double threshold) {
        List<String> moved = moved(summaries, threshold);
        StringBuilder md = new StringBuilder();
        md.append("| case | unit | baseline | current | current ÷ baseline | baseline p50 / p99 ms | current p50 / p99 ms"
                + " | baseline CPU ms/call | current CPU ms/call | moved > ")
                .append(String.format(Locale.ROOT, "%.0f", threshold * 100)).append(" % |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (Summary s : summaries) {
            if (!s.role().equals("subject")) {
                continue;
            }
            Optional<Summary> b = ComparisonTable.find(summaries, "baseline", s.caseName());
            String flag = !moved.contains(s.caseName()) ? "" : b.get().rate() < s.rate() ? "**faster**" : "**SLOWER**";
            md.append("| ").append(s.caseName()).append(" | ").append(s.unit()).append("/s | ")
                    .append(b.map(x -> Cells.rate(x.rate()) + Cells.spread(x)).orElse("–")).append(" | ")
                    .append(Cells.rate(s.rate())).append(Cells.spread(s)).append(" | ")
                    .append(b.map(x -> Cells.ratio(s.rate(), x.rate())).orElse("–")).append(" | ")
                    .append(b.map(Cells::latency).orElse("–")).append(" | ")
                    .append(Cells.latency(s)).append(" | ")
                    .append(b.map(x -> Cells.millis(x.serverCpuMs())).orElse("–")).append(" | ")
                    .append(Cells.millis(s.serverCpuMs())).append(" | ")
                    .append(flag).append(" |\n");
        }
        return md.toString();
    }
}
