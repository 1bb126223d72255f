package io.pgvs3.bench;

import io.pgvs3.bench.cases.CaseCatalog;
import io.pgvs3.bench.http.Credentials;
import io.pgvs3.bench.memory.MemoryRun;
import io.pgvs3.bench.origin.OriginBench;
import io.pgvs3.bench.report.MemoryResult;
import io.pgvs3.bench.report.Report;
import io.pgvs3.bench.report.SlowReadResult;
import io.pgvs3.bench.report.SolTable;
import io.pgvs3.bench.run.Matrix;
import io.pgvs3.bench.run.RunSettings;
import io.pgvs3.bench.slow.SlowReadRun;
import io.pgvs3.bench.sol.ByteSize;
import io.pgvs3.bench.sol.DiskRoom;
import io.pgvs3.bench.sol.SolRun;
import io.pgvs3.bench.targets.Role;
import io.pgvs3.bench.targets.S3Target;
import io.pgvs3.bench.targets.TargetsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Command line of the harness; deploy/bench/run.sh is its usual caller.
 * <pre>
 * run    --targets FILE --out RESULTS.ndjson [--cases GLOBS] [--warmup S] [--duration S] [--trials N]
 * report --in RESULTS.ndjson --md TABLE.md --png CHART.png [--threshold 0.2]
 * sol    --targets FILE --out RESULTS.ndjson --md TABLE.md --data PGDATA [--sizes 10MiB,256MiB,1GiB] [--range 8MiB]
 *        [--trials 5] [--warmup 20] [--settle 120]
 * memory --targets FILE --out RESULTS.ndjson --md TABLE.md --data PGDATA --logs DIR [--size 1GiB] [--concurrency 8]
 * slowread --targets FILE --out RESULTS.ndjson --md TABLE.md --data PGDATA [--rate 1KiB] [--duration 60]
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
            throw new IllegalArgumentException("usage: run|report|sol|memory|slowread|cases [options] (see BenchMain's javadoc)");
        }
        try {
            switch (args[0]) {
                case "run" -> run(new Args(args, 1, Set.of("targets", "out", "cases", "warmup", "duration", "trials")));
                case "report" -> report(new Args(args, 1, Set.of("in", "md", "png", "threshold")));
                case "sol" -> sol(new Args(args, 1, Set.of("targets", "out", "md", "data", "sizes", "range", "trials", "warmup",
                        "settle")));
                case "memory" -> memory(new Args(args, 1,
                        Set.of("targets", "out", "md", "data", "logs", "size", "concurrency")));
                case "slowread" -> slowRead(new Args(args, 1, Set.of("targets", "out", "md", "data", "rate", "duration")));
                case "origin" -> origin(new Args(args, 1, Set.of("gateway", "admin", "access", "secret", "peer",
                        "peer-access", "peer-secret", "credentials", "sizes", "trials", "latency", "rate", "window", "out",
                        "md")));
                case "cases" -> CaseCatalog.all().forEach(c -> System.out.println(c.name()));
                default -> throw new IllegalArgumentException("unknown command " + args[0]);
            }
        } catch (Exception e) {
            Logger.getLogger(BenchMain.class.getName()).log(Level.SEVERE, "bench " + args[0] + " failed", e);
            System.exit(1);
        }
    }

    private static void origin(Args a) throws Exception {
        List<Long> sizes = Arrays.stream(a.get("sizes", "10MiB,100MiB").split(","))
                .map(ByteSize::parse).toList();
        new OriginBench(new OriginBench.Settings(a.required("gateway"), a.required("admin"),
                new Credentials(a.required("access"), a.required("secret"), "us-east-1"), a.required("peer"),
                new Credentials(a.required("peer-access"), a.required("peer-secret"), "us-east-1"),
                a.required("credentials"), sizes, Integer.parseInt(a.get("trials", "3")),
                Duration.ofMillis(Long.parseLong(a.get("latency", "20"))), ByteSize.parse(a.get("rate", "50MiB")),
                a.seconds("window", "5"), Path.of(a.required("out")), Path.of(a.required("md")))).run();
    }

    private static void run(Args a) throws Exception {
        TargetsFile file = TargetsFile.read(Path.of(a.required("targets")));
        RunSettings settings = new RunSettings(a.seconds("warmup", "2"), a.seconds("duration", "10"),
                Integer.parseInt(a.get("trials", "3")));
        new Matrix(file.targets(), CaseCatalog.matching(a.get("cases", "")), settings, file.database())
                .run(Path.of(a.required("out")));
    }

    private static void sol(Args a) throws Exception {
        TargetsFile file = TargetsFile.read(Path.of(a.required("targets")));
        List<Long> sizes = Arrays.stream(a.get("sizes", "10MiB,256MiB,1GiB").split(",")).map(ByteSize::parse).toList();
        Path out = Path.of(a.required("out"));
        SolRun run = new SolRun(subject(file), file.database(), sizes, ByteSize.parse(a.get("range", "8MiB")),
                Integer.parseInt(a.get("trials", "5")), a.seconds("warmup", "20"), a.seconds("settle", "120"));
        DiskRoom.require(Path.of(a.required("data")), run.storedBytes());
        run.run(out);
        SolTable.render(out, Path.of(a.required("md")));
    }

    private static void memory(Args a) throws Exception {
        TargetsFile file = TargetsFile.read(Path.of(a.required("targets")));
        MemoryRun run = new MemoryRun(subject(file), Path.of(a.required("logs")), ByteSize.parse(a.get("size", "1GiB")),
                Integer.parseInt(a.get("concurrency", "8")));
        DiskRoom.require(Path.of(a.required("data")), run.storedBytes());
        List<MemoryResult> phases = run.run(Path.of(a.required("out")));
        Files.writeString(Path.of(a.required("md")), MemoryResult.markdown(phases));
    }

    private static void slowRead(Args a) throws Exception {
        TargetsFile file = TargetsFile.read(Path.of(a.required("targets")));
        SlowReadRun run = new SlowReadRun(subject(file), file.database(), ByteSize.parse(a.get("rate", "1KiB")),
                a.seconds("duration", "60").toSeconds());
        DiskRoom.require(Path.of(a.required("data")), SlowReadRun.OBJECT_BYTES * 2);
        SlowReadResult result = run.run(Path.of(a.required("out")));
        Files.writeString(Path.of(a.required("md")), result.markdown());
        if (!result.passed()) {
            throw new IllegalStateException("the slow download held back VACUUM or other clients: " + result.toJson());
        }
    }

    /** The gateway under test: the targets file's S3 target in the subject role. */
    private static S3Target subject(TargetsFile file) {
        return file.targets().stream()
                .filter(t -> t instanceof S3Target && t.role() == Role.SUBJECT).map(S3Target.class::cast)
                .findFirst().orElseThrow(() -> new IllegalArgumentException("the targets file names no subject"));
    }

    private static void report(Args a) throws Exception {
        Report.render(Path.of(a.required("in")), Path.of(a.required("md")), Path.of(a.required("png")),
                Double.parseDouble(a.get("threshold", "0.2")));
    }
}
