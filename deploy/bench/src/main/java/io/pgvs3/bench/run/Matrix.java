package io.pgvs3.bench.run;

import io.pgvs3.bench.cases.CaseSpec;
import io.pgvs3.bench.cases.Fixture;
import io.pgvs3.bench.load.LoadRun;
import io.pgvs3.bench.load.Measurement;
import io.pgvs3.bench.report.ResultLine;
import io.pgvs3.bench.targets.SqlTarget;
import io.pgvs3.bench.targets.Target;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Runs every case on every target it applies to, trial after trial. Targets alternate case by case so
 * both see the same machine moments apart; the order of targets flips every trial, so neither always
 * runs on the heels of the other's work (garbage, vacuum, page cache).
 */
public final class Matrix {
    private static final Logger LOG = Logger.getLogger(Matrix.class.getName());

    private final List<Target> targets;
    private final List<CaseSpec> cases;
    private final RunSettings settings;
    private final SqlTarget database;
    private final Set<String> established = new HashSet<>();

    public Matrix(List<Target> targets, List<CaseSpec> cases, RunSettings settings, SqlTarget database) {
        this.targets = List.copyOf(targets);
        this.cases = List.copyOf(cases);
        this.settings = settings;
        this.database = database;
    }

    /** Runs the matrix, appending one line per (target, case, trial) to {@code results}. */
    public void run(Path results) throws Exception {
        String run = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        String pg = database == null ? "unknown" : DatabaseSettings.describe(database);
        LOG.info(() -> "run " + run + ": " + cases.size() + " cases, " + settings.trials() + " trials, "
                + settings.duration().toMillis() + " ms each after " + settings.warmup().toMillis()
                + " ms warm-up; database " + pg);
        Files.createDirectories(results.toAbsolutePath().getParent());
        try (BufferedWriter out = Files.newBufferedWriter(results, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND)) {
            for (int trial = 1; trial <= settings.trials(); trial++) {
                for (CaseSpec spec : cases) {
                    for (Target target : order(spec, trial)) {
                        ResultLine line = ResultLine.of(run, pg, target, spec, trial, measure(spec, target));
                        out.write(line.toJson());
                        out.newLine();
                        out.flush();
                        LOG.info(() -> summary(line));
                    }
                }
            }
        }
    }

    private List<Target> order(CaseSpec spec, int trial) {
        List<Target> order = new ArrayList<>(targets.stream().filter(spec.workload()::runsOn).toList());
        if (trial % 2 == 0) {
            Collections.reverse(order);
        }
        return order;
    }

    private Measurement measure(CaseSpec spec, Target target) throws Exception {
        for (Fixture fixture : spec.workload().fixtures()) {
            if (established.add(target.name() + '/' + fixture.id())) {
                long t0 = System.nanoTime();
                fixture.establish(target);
                LOG.info(() -> "prefilled " + fixture.id() + " on " + target.name() + " in "
                        + (System.nanoTime() - t0) / 1_000_000 + " ms");
            }
        }
        LoadRun load = new LoadRun(settings.warmup(), settings.duration(), target.serverCpu(), target.dbCpu());
        return load.run(spec.workload().operations(target), spec.workers(), spec.workload().untimedSetup());
    }

    private static String summary(ResultLine l) {
        return String.format("%-24s %-13s trial %d: %,10.0f %s/s  p50 %7.3f ms  p99 %8.3f ms  server %6.3f ms/call"
                        + "  client %6.3f ms/call  errors %s", l.caseName(), l.target(), l.trial(), l.rate(), l.unit(),
                l.p50Ms(), l.p99Ms(), l.serverCpuMs(), l.clientCpuMs(), l.errors());
    }
}
