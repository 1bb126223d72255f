package io.pgvs3.bench.report;

import io.pgvs3.bench.cases.CaseSpec;
import io.pgvs3.bench.load.Measurement;
import io.pgvs3.bench.targets.Target;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One NDJSON line: one case on one target in one trial. Field names are the wire format of
 * {@code docs/bench/*.ndjson} and are documented in docs/benchmarks.md; rates are per second of the
 * measured window, latencies in milliseconds, CPU in milliseconds per successful call.
 *
 * @param run            run id (UTC start time)
 * @param target         target name
 * @param role           subject, peer, floor or baseline
 * @param build          what ran there
 * @param pg             the database's durability settings
 * @param caseName       case id
 * @param op             operation
 * @param size           bytes per call
 * @param unit           what rate counts (req, page, key)
 * @param workers        concurrent workers
 * @param trial          trial number, from 1
 * @param durationS      measured window in seconds
 * @param ok             successful calls
 * @param rate           units per second
 * @param callsPerS      successful calls per second
 * @param mibPerS        payload MiB per second
 * @param p50Ms          median latency
 * @param p90Ms          90th percentile latency
 * @param p99Ms          99th percentile latency
 * @param maxMs          slowest call
 * @param errors         failed calls by HTTP status ("io": no status)
 * @param clientCpuMs    load generator CPU per call
 * @param serverCpuMs    server process CPU per call (for the floor: PostgreSQL's)
 * @param dbCpuMs        PostgreSQL CPU per call (-1: no database behind the server)
 * @param connects       TCP connections opened (workers when keep-alive held)
 */
public record ResultLine(String run, String target, String role, String build, String pg, String caseName, String op,
                         long size, String unit, int workers, int trial, double durationS, long ok, double rate,
                         double callsPerS, double mibPerS, double p50Ms, double p90Ms, double p99Ms, double maxMs,
                         Map<String, Long> errors, double clientCpuMs, double serverCpuMs, double dbCpuMs,
                         long connects) {

    public static ResultLine of(String run, String pg, Target target, CaseSpec spec, int trial, Measurement m) {
        var h = m.latencies();
        return new ResultLine(run, target.name(), target.role().name().toLowerCase(Locale.ROOT),
                target.build(), pg, spec.name(), spec.workload().op(), spec.workload().size(),
                spec.workload().unit(), m.workers(), trial, m.windowNanos() / 1e9, m.ok(), m.rate(), m.callRate(),
                m.mibPerSecond(), h.quantileNanos(0.50) / 1e6, h.quantileNanos(0.90) / 1e6,
                h.quantileNanos(0.99) / 1e6, h.maxNanos() / 1e6, new TreeMap<>(m.errors()),
                m.perCallMillis(m.clientCpuNanos()), m.perCallMillis(m.serverCpuNanos()),
                m.perCallMillis(m.dbCpuNanos()), m.connects());
    }

    public long errorTotal() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    public String toJson() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("run", run);
        o.put("target", target);
        o.put("role", role);
        o.put("build", build);
        o.put("pg", pg);
        o.put("case", caseName);
        o.put("op", op);
        o.put("size", size);
        o.put("unit", unit);
        o.put("workers", workers);
        o.put("trial", trial);
        o.put("duration_s", durationS);
        o.put("ok", ok);
        o.put("rate", rate);
        o.put("calls_per_s", callsPerS);
        o.put("mib_per_s", mibPerS);
        o.put("p50_ms", p50Ms);
        o.put("p90_ms", p90Ms);
        o.put("p99_ms", p99Ms);
        o.put("max_ms", maxMs);
        o.put("errors", errors);
        o.put("client_cpu_ms", clientCpuMs);
        o.put("server_cpu_ms", serverCpuMs);
        o.put("db_cpu_ms", dbCpuMs);
        o.put("connects", connects);
        return FlatJson.write(o);
    }

    /** Parses a line written by {@link #toJson()}; fails on anything else. */
    public static ResultLine parse(String line) {
        Map<String, Object> o = FlatJson.read(line);
        Map<String, Long> errors = new TreeMap<>();
        if (!(o.get("errors") instanceof Map<?, ?> e)) {
            throw new IllegalArgumentException("errors must be an object: " + line);
        }
        e.forEach((k, v) -> errors.put((String) k, ((Number) v).longValue()));
        return new ResultLine(text(o, "run"), text(o, "target"), text(o, "role"), text(o, "build"), text(o, "pg"),
                text(o, "case"), text(o, "op"), (long) num(o, "size"), text(o, "unit"), (int) num(o, "workers"),
                (int) num(o, "trial"), num(o, "duration_s"), (long) num(o, "ok"), num(o, "rate"),
                num(o, "calls_per_s"), num(o, "mib_per_s"), num(o, "p50_ms"), num(o, "p90_ms"), num(o, "p99_ms"),
                num(o, "max_ms"), errors, num(o, "client_cpu_ms"), num(o, "server_cpu_ms"), num(o, "db_cpu_ms"),
                (long) num(o, "connects"));
    }

    private static String text(Map<String, Object> o, String key) {
        if (!(o.get(key) instanceof String s)) {
            throw new IllegalArgumentException("result line lacks text field " + key);
        }
        return s;
    }

    private static double num(Map<String, Object> o, String key) {
        if (!(o.get(key) instanceof Number n)) {
            throw new IllegalArgumentException("result line lacks number field " + key);
        }
        return n.doubleValue();
    }
}
