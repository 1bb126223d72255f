package io.pgvs3.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Renders a results file: the markdown tables and the PNG chart. A file with a baseline target is a
 * paired run (current build against a saved one); otherwise the subject is compared with the peer and
 * the floors.
 */
public final class Report {
    private Report() {
    }

    public static void render(Path results, Path markdown, Path png, double threshold) throws IOException {
        List<ResultLine> lines = read(results);
        List<Summary> summaries = Summary.of(lines);
        boolean paired = summaries.stream().anyMatch(s -> s.role().equals("baseline"));
        StringBuilder md = new StringBuilder(header(lines));
        List<RatioChart.Row> rows = new ArrayList<>();
        for (Summary s : summaries) {
            if (!s.role().equals("subject")) {
                continue;
            }
            if (paired) {
                rows.add(new RatioChart.Row(s.caseName(), new double[] {
                    ratio(s, ComparisonTable.find(summaries, "baseline", s.caseName()))}));
            } else {
                rows.add(new RatioChart.Row(s.caseName(), new double[] {
                    ratio(s, ComparisonTable.find(summaries, "peer", s.caseName())),
                    ratio(s, Floors.matching(summaries, s)), ratio(s, Floors.runtime(summaries, s))}));
            }
        }
        if (paired) {
            md.append(PairedTable.markdown(summaries, threshold));
            List<String> moved = PairedTable.moved(summaries, threshold);
            md.append('\n').append(moved.isEmpty() ? "No case moved by more than the threshold."
                    : "Moved by more than the threshold: " + String.join(", ", moved) + '.').append('\n');
            RatioChart.write(png, "current ÷ baseline (median req/s)", List.of("current ÷ baseline"), rows);
        } else {
            md.append(ComparisonTable.markdown(summaries));
            RatioChart.write(png, "pgvs3 ÷ peer, ÷ floor and ÷ runtime floor (median rate)",
                    List.of("÷ peer", "÷ floor", "÷ runtime floor"), rows);
        }
        Files.writeString(markdown, md.toString());
    }

    /** Reads and validates every line; a malformed line fails the report (and the smoke test). */
    public static List<ResultLine> read(Path results) throws IOException {
        List<ResultLine> lines = new ArrayList<>();
        for (String line : Files.readAllLines(results)) {
            if (!line.isBlank()) {
                lines.add(ResultLine.parse(line));
            }
        }
        if (lines.isEmpty()) {
            throw new IOException(results + " holds no results");
        }
        return lines;
    }

    private static double ratio(Summary s, Optional<Summary> reference) {
        return reference.filter(r -> r.rate() > 0).map(r -> s.rate() / r.rate()).orElse(Double.NaN);
    }

    private static String header(List<ResultLine> lines) {
        Set<String> runs = new LinkedHashSet<>();
        int trials = 0;
        double duration = 0;
        for (ResultLine l : lines) {
            runs.add(l.run());
            trials = Math.max(trials, l.trial());
            duration = Math.max(duration, l.durationS());
        }
        return "Run " + String.join(", ", runs) + "; " + trials + " trial(s) of " + Math.round(duration)
                + " s per case and target; medians over trials (± half the spread between the fastest and slowest"
                + " trial).\n\n" + provenance(lines);
    }

    /** What ran where and with which database settings, as every table states it. */
    static String provenance(List<ResultLine> lines) {
        Set<String> builds = new LinkedHashSet<>();
        Set<String> pg = new LinkedHashSet<>();
        for (ResultLine l : lines) {
            builds.add(l.target() + " = " + l.build());
            pg.add(l.pg());
        }
        return "Targets: " + String.join("; ", builds) + ".\n\nDatabase: " + String.join("; ", pg) + ".\n\n";
    }
}
