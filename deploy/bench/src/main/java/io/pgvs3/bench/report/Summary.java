package io.pgvs3.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The trials of one case on one target, reduced to medians: a noisy shared machine makes single trials
 * misleading, and the median ignores the one trial that met a neighbour's compile.
 *
 * @param caseName case id
 * @param op       operation
 * @param size     bytes per call
 * @param workers  concurrent workers
 * @param unit     what rate counts
 * @param target   target name
 * @param role     its role
 * @param build    what ran there
 * @param trials   trials reduced
 * @param rate     median units per second
 * @param minRate  slowest trial
 * @param maxRate  fastest trial
 * @param p50Ms    median of the trials' medians (trials with successful calls only; -1 for none)
 * @param p99Ms    median of the trials' 99th percentiles (likewise)
 * @param clientCpuMs median load-generator CPU per call (likewise)
 * @param serverCpuMs median server CPU per call (likewise)
 * @param dbCpuMs  median PostgreSQL CPU per call (likewise)
 * @param errors   failed calls over all trials
 */
public record Summary(String caseName, String op, long size, int workers, String unit, String target, String role, String build,
                      int trials, double rate, double minRate, double maxRate, double p50Ms, double p99Ms,
                      double clientCpuMs, double serverCpuMs, double dbCpuMs, long errors) {

    /**
     * One summary per (target, case, op, workers), in the order the lines first name them. In a matrix
     * run a case fixes its op and workers; the sol run's floors read one case in several ways.
     */
    public static List<Summary> of(List<ResultLine> lines) {
        Map<String, List<ResultLine>> groups = new LinkedHashMap<>();
        for (ResultLine line : lines) {
            String key = line.target() + '\u0000' + line.caseName() + '\u0000' + line.op() + '\u0000' + line.workers();
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(line);
        }
        List<Summary> summaries = new ArrayList<>();
        for (List<ResultLine> g : groups.values()) {
            ResultLine first = g.get(0);
            // a trial without one successful call has no latency or CPU per call to take the median of
            List<ResultLine> answered = g.stream().filter(l -> l.ok() > 0).toList();
            summaries.add(new Summary(first.caseName(), first.op(), first.size(), first.workers(), first.unit(), first.target(),
                    first.role(), first.build(), g.size(), median(g, ResultLine::rate),
                    g.stream().mapToDouble(ResultLine::rate).min().orElse(0),
                    g.stream().mapToDouble(ResultLine::rate).max().orElse(0),
                    median(answered, ResultLine::p50Ms), median(answered, ResultLine::p99Ms),
                    median(answered, ResultLine::clientCpuMs), median(answered, ResultLine::serverCpuMs),
                    median(answered, ResultLine::dbCpuMs),
                    g.stream().mapToLong(ResultLine::errorTotal).sum()));
        }
        return summaries;
    }

    static double median(List<ResultLine> lines, ToDoubleFunction<ResultLine> value) {
        double[] v = lines.stream().mapToDouble(value).toArray();
        Arrays.sort(v);
        int n = v.length;
        return n == 0 ? -1 : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
