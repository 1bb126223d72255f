package io.pgvs3.bench.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One phase of the memory run (N concurrent GETs or PUTs of one large size) as one NDJSON line, and
 * the markdown table of a run's phases.
 *
 * @param run               run id (UTC start time)
 * @param build             the gateway build
 * @param op                GET or PUT
 * @param concurrency       requests at once, one connection each
 * @param size              bytes per request
 * @param ok                requests that succeeded with every byte
 * @param failed            requests that failed (status, short body or I/O error)
 * @param seconds           wall time of the phase
 * @param heapUsedMax       highest used heap sampled, bytes (-1: no sample)
 * @param heapCommittedMax  highest committed heap sampled, bytes
 * @param heapMax           the gateway's maximum heap (-Xmx), bytes
 * @param samples           heap samples taken (every 100 ms)
 * @param outOfMemoryLines  lines naming OutOfMemoryError that appeared in the gateway's logs in the phase
 */
public record MemoryResult(String run, String build, String op, int concurrency, long size, int ok, int failed,
                           double seconds, long heapUsedMax, long heapCommittedMax, long heapMax, int samples,
                           long outOfMemoryLines) {

    public String toJson() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("run", run);
        o.put("build", build);
        o.put("op", op);
        o.put("concurrency", concurrency);
        o.put("size", size);
        o.put("ok", ok);
        o.put("failed", failed);
        o.put("seconds", seconds);
        o.put("mib_per_s", mibPerS());
        o.put("heap_used_max", heapUsedMax);
        o.put("heap_committed_max", heapCommittedMax);
        o.put("heap_max", heapMax);
        o.put("samples", samples);
        o.put("oom_lines", outOfMemoryLines);
        return FlatJson.write(o);
    }

    /** Payload MiB per second over the phase, all requests together. */
    public double mibPerS() {
        return seconds <= 0 ? 0 : ok * (double) size / (1 << 20) / seconds;
    }

    public static String markdown(List<MemoryResult> phases) {
        StringBuilder md = new StringBuilder();
        if (!phases.isEmpty()) {
            md.append("Memory run ").append(phases.get(0).run()).append("; gateway ").append(phases.get(0).build())
                    .append(", heap max ").append(mib(phases.get(0).heapMax())).append(" MiB.\n\n");
        }
        md.append("| phase | ok / failed | seconds | MiB/s (all) | heap used high-water MiB | heap committed high-water MiB"
                + " | heap samples | OutOfMemoryError lines |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (MemoryResult p : phases) {
            md.append(String.format(Locale.ROOT, "| %d × %s %d MiB | %d / %d | %.1f | %.0f | %s | %s | %d | %d |%n",
                    p.concurrency(), p.op(), p.size() >> 20, p.ok(), p.failed(), p.seconds(), p.mibPerS(),
                    mib(p.heapUsedMax()), mib(p.heapCommittedMax()), p.samples(), p.outOfMemoryLines()));
        }
        return md.toString();
    }

    private static String mib(long bytes) {
        return bytes < 0 ? "–" : Long.toString(bytes >> 20);
    }
}
