package io.pgvs3.bench.report;

import java.util.List;
import java.util.Optional;

/**
 * The docs table of a normal run: the subject beside the peer and, for small reads, the primary-key
 * floor at the same concurrency, as ratios, with the subject's CPU per call; then the floors' own rows and
 * the subject against the runtime floor ({@link RuntimeFloorTable}).
 */
final class ComparisonTable {
    private ComparisonTable() {
    }

    static String markdown(List<Summary> summaries) {
        Optional<Summary> anySubject = summaries.stream().filter(s -> s.role().equals("subject")).findFirst();
        Optional<Summary> anyPeer = summaries.stream().filter(s -> s.role().equals("peer")).findFirst();
        String subject = anySubject.map(Summary::target).orElse("subject");
        String peer = anyPeer.map(Summary::target).orElse("peer");
        StringBuilder md = new StringBuilder();
        md.append("| case | unit | ").append(subject).append(" | ").append(peer).append(" | ")
                .append(subject).append(" ÷ ").append(peer).append(" | floor | ").append(subject)
                .append(" ÷ floor | ").append(subject).append(" p50 / p99 ms | ").append(peer)
                .append(" p50 / p99 ms | ").append(subject).append(" CPU ms/call | db CPU ms/call | errors (")
                .append(subject).append(" / ").append(peer).append(") |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Summary s : summaries) {
            if (!s.role().equals("subject")) {
                continue;
            }
            Optional<Summary> p = find(summaries, "peer", s.caseName());
            Optional<Summary> f = Floors.matching(summaries, s);
            md.append("| ").append(s.caseName()).append(" | ").append(s.unit()).append("/s | ")
                    .append(Cells.rate(s.rate())).append(Cells.spread(s)).append(" | ")
                    .append(p.map(x -> Cells.rate(x.rate()) + Cells.spread(x)).orElse("–")).append(" | ")
                    .append(p.map(x -> Cells.ratio(s.rate(), x.rate())).orElse("–")).append(" | ")
                    .append(f.map(x -> Cells.rate(x.rate())).orElse("–")).append(" | ")
                    .append(f.map(x -> Cells.ratio(s.rate(), x.rate())).orElse("–")).append(" | ")
                    .append(Cells.latency(s)).append(" | ")
                    .append(p.map(Cells::latency).orElse("–")).append(" | ")
                    .append(Cells.millis(s.serverCpuMs())).append(" | ")
                    .append(Cells.millis(s.dbCpuMs())).append(" | ")
                    .append(s.errors()).append(" / ").append(p.map(x -> Long.toString(x.errors())).orElse("–"))
                    .append(" |\n");
        }
        md.append("\nFloor (prepared primary-key SELECT of a 4 KiB bytea over PgJDBC, same database):\n\n");
        floorRows(md, summaries, "floor", "PostgreSQL CPU ms/call");
        md.append(RuntimeFloorTable.markdown(summaries, subject));
        return md.toString();
    }

    /** The rows of the floor in {@code role} itself: its rate, latency and server CPU per call. */
    static void floorRows(StringBuilder md, List<Summary> summaries, String role, String cpuColumn) {
        md.append("| case | req/s | p50 / p99 ms | ").append(cpuColumn).append(" |\n|---|---:|---:|---:|\n");
        for (Summary s : summaries) {
            if (s.role().equals(role)) {
                md.append("| ").append(s.caseName()).append(" | ").append(Cells.rate(s.rate())).append(Cells.spread(s))
                        .append(" | ").append(Cells.latency(s)).append(" | ").append(Cells.millis(s.serverCpuMs()))
                        .append(" |\n");
            }
        }
    }

    static Optional<Summary> find(List<Summary> summaries, String role, String caseName) {
        return summaries.stream().filter(x -> x.role().equals(role) && x.caseName().equals(caseName)).findFirst();
    }
}
