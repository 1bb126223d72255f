package io.pgvs3.bench;

import io.pgvs3.bench.cases.CaseCatalog;
import io.pgvs3.bench.report.Report;
import io.pgvs3.bench.run.Matrix;
import io.pgvs3.bench.run.RunSettings;
import io.pgvs3.bench.targets.TargetsFile;
import java.nio.file.Path;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Command line of the harness; deploy/bench/run.sh is its usual caller.
 * <pre>
 * run    --targets FILE --out RESULTS.ndjson [--cases GLOBS] [--warmup S] [--duration S] [--trials N]
 * report --in RESULTS.ndjson --md TABLE.md --png CHART.png [--threshold 0.2]
 * cases  (prints the case names)
 * </pre>
 */
public final class BenchMain {
    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        // one line per log record, before the first logger exists
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tT %5$s%6$s%n");
        }
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: run|report|cases [options] (see BenchMain's javadoc)");
        }
        try {
            switch (args[0]) {
                case "run" -> run(new Args(args, 1, Set.of("targets", "out", "cases", "warmup", "duration", "trials")));
                case "report" -> report(new Args(args, 1, Set.of("in", "md", "png", "threshold")));
                case "cases" -> CaseCatalog.all().forEach(c -> System.out.println(c.name()));
                default -> throw new IllegalArgumentException("unknown command " + args[0]);
            }
        } catch (Exception e) {
            Logger.getLogger(BenchMain.class.getName()).log(Level.SEVERE, "bench " + args[0] + " failed", e);
            System.exit(1);
        }
    }

    private static void run(Args a) throws Exception {
        TargetsFile file = TargetsFile.read(Path.of(a.required("targets")));
        RunSettings settings = new RunSettings(a.seconds("warmup", "2"), a.seconds("duration", "10"),
                Integer.parseInt(a.get("trials", "3")));
        new Matrix(file.targets(), CaseCatalog.matching(a.get("cases", "")), settings, file.database())
                .run(Path.of(a.required("out")));
    }

    private static void report(Args a) throws Exception {
        Report.render(Path.of(a.required("in")), Path.of(a.required("md")), Path.of(a.required("png")),
                Double.parseDouble(a.get("threshold", "0.2")));
    }
}
