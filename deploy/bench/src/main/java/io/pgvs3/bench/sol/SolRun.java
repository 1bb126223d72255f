package io.pgvs3.bench.sol;

import io.pgvs3.bench.http.Endpoint;
import io.pgvs3.bench.load.CpuProbe;
import io.pgvs3.bench.run.DatabaseSettings;
import io.pgvs3.bench.targets.Role;
import io.pgvs3.bench.targets.S3Target;
import io.pgvs3.bench.targets.SqlTarget;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.logging.Logger;

/**
 * Large objects at the speed of the floor (issue 8): for each size, trial after trial, the gateway's
 * PUT / first GET / later GET / middle range on one stream, the same calls on the loopback HTTP
 * floor, and the PostgreSQL write and read floors, all in one run on one host. The three blocks run
 * back to back and their order flips every trial (ADR 21), so none always follows another's work.
 *
 * <p>First, unmeasured, the blocks run the same calls on a small object for the warm-up time: a
 * freshly started gateway (and the harness's own client code) runs interpreted and compiles for its
 * first few hundred requests, which cost a 10 MiB GET three times its later CPU. Then the gateway
 * alone serves reads (and now and then a PUT) of a smaller object until its JIT compiler threads go
 * quiet or the settle time runs out: per-request code reaches the compiler's thresholds only after
 * thousands of requests, and until then compiling takes a fifth to a third of a core from the two the
 * trials share (ADR 21). The trials measure a server as it runs in service; "first read" keeps meaning
 * the database's first read of new rows.
 */
public final class SolRun {
    private static final Logger LOG = Logger.getLogger(SolRun.class.getName());
    /** The warm-up object: several pieces of the gateway's read window, and a range of more than one. */
    private static final long WARM_SIZE = 8L << 20;
    private static final long WARM_RANGE = 2L << 20;
    /** Warm-up rounds at most, whatever the time: each leaves an overwritten object to the reaper. */
    private static final int WARM_ROUNDS = 40;
    /** The settle object: two pieces of the read window, so every read is windowed. */
    private static final long SETTLE_SIZE = 2L << 20;
    /** Settle rounds per PUT: the rest only read, so the reaper has little to do. */
    private static final int SETTLE_READS_PER_PUT = 8;
    /** How long one settle slice runs before the compiler's share of it is read. */
    private static final Duration SETTLE_SLICE = Duration.ofSeconds(3);
    /** The compiler is quiet when it took less than this share of one core in each of two slices. */
    private static final double QUIET_SHARE = 0.03;

    private final S3Target gateway;
    private final SqlTarget db;
    private final List<Long> sizes;
    private final long rangeLength;
    private final int trials;
    private final Duration warmup;
    private final Duration settle;

    /**
     * @param warmup rounds of every block before the trials
     * @param settle at most this long, gateway calls until its JIT compiler is quiet (zero: none)
     */
    public SolRun(S3Target gateway, SqlTarget db, List<Long> sizes, long rangeLength, int trials, Duration warmup,
                  Duration settle) {
        if (trials < 1 || sizes.isEmpty()) {
            throw new IllegalArgumentException("need at least one size and one trial");
        }
        this.gateway = gateway;
        this.db = new SqlTarget("pg-floor", db.jdbcUrl(), db.user(), db.password(), db.dbPid(), db.build());
        this.sizes = List.copyOf(sizes);
        this.rangeLength = rangeLength;
        this.trials = trials;
        this.warmup = warmup;
        this.settle = settle;
    }

    /** What the run stores in the database at most: per size and trial a gateway object and a floor file. */
    public long storedBytes() {
        long all = sizes.stream().mapToLong(Long::longValue).sum();
        // each trial keeps its object in the gateway and its rows in the floor's table; the settle PUTs
        // overwrite one key, counted as if the reaper never ran (a settle round of a PUT and its reads
        // takes 40 ms at the very least)
        long settlePuts = settle.toMillis() / 40 + 1;
        return 2 * trials * all + WARM_ROUNDS * WARM_SIZE + settlePuts * SETTLE_SIZE;
    }

    @FunctionalInterface
    private interface Block {
        void trial(SolCase c, int trial, SolResults results) throws Exception;
    }

    public void run(Path out) throws Exception {
        String run = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        String pg = DatabaseSettings.describe(db);
        LOG.info(() -> "sol run " + run + ": sizes " + sizes + ", " + trials + " trials; database " + pg);
        try (HttpFloorServer server = new HttpFloorServer();
             SolResults results = SolResults.toFile(run, pg, out);
             PostgresSequence postgres = new PostgresSequence(db)) {
            S3Sequence subject = new S3Sequence(gateway);
            S3Sequence http = new S3Sequence(new S3Target("http-floor", Role.FLOOR,
                    new Endpoint("127.0.0.1", server.port(), gateway.endpoint().bucket(),
                            gateway.endpoint().credentials()), 0, 0, "loopback HTTP/1.1, no storage, in the harness JVM"));
            List<Block> blocks = new ArrayList<>(List.of(subject::trial, http::trial, postgres::trial));
            warmUp(blocks);
            settle(subject);
            for (long size : sizes) {
                SolCase c = new SolCase(size, rangeLength);
                for (int trial = 1; trial <= trials; trial++) {
                    for (Block block : blocks) {
                        block.trial(c, trial, results);
                    }
                    Collections.reverse(blocks);
                }
            }
        }
    }

    /** Rounds of every block on the warm-up object (trial 0, the same keys each round), results dropped. */
    private void warmUp(List<Block> blocks) throws Exception {
        SolCase warm = new SolCase(WARM_SIZE, WARM_RANGE);
        long end = System.nanoTime() + warmup.toNanos();
        int rounds = 0;
        try (SolResults dropped = SolResults.discarding()) {
            while (rounds < WARM_ROUNDS && System.nanoTime() - end < 0) {
                for (Block block : blocks) {
                    block.trial(warm, 0, dropped);
                }
                rounds++;
            }
        }
        int done = rounds;
        LOG.info(() -> "warm-up: " + done + " round(s) on a " + ByteSize.label(WARM_SIZE) + " object in " + warmup);
    }

    /** Gateway reads (a PUT every few rounds) on a small object until its JIT compiler is quiet. */
    private void settle(S3Sequence subject) throws Exception {
        if (settle.isZero()) {
            return;
        }
        CpuProbe compiler = gateway.compilerCpu();
        SolCase small = new SolCase(SETTLE_SIZE, SETTLE_SIZE / 2);
        long started = System.nanoTime();
        long end = started + settle.toNanos();
        int rounds = 0;
        int quietSlices = 0;
        double share = Double.NaN;
        try (SolResults dropped = SolResults.discarding()) {
            while (quietSlices < 2 && System.nanoTime() - end < 0) {
                long compiled = compiler.cpuNanos();
                long sliceStart = System.nanoTime();
                while (System.nanoTime() - sliceStart < SETTLE_SLICE.toNanos()) {
                    if (rounds++ % SETTLE_READS_PER_PUT == 0) {
                        subject.trial(small, 0, dropped);
                    } else {
                        subject.reads(small, 0, dropped);
                    }
                }
                long now = compiler.cpuNanos();
                // unreadable (no pid) or a compiler thread that ended: no verdict for this slice
                share = compiled < 0 || now < compiled ? Double.NaN
                        : (double) (now - compiled) / (System.nanoTime() - sliceStart);
                quietSlices = share < QUIET_SHARE ? quietSlices + 1 : 0;
            }
        }
        String verdict = quietSlices >= 2 ? "quiet" : "still compiling when the settle time ran out";
        String last = Double.isNaN(share) ? "unknown" : String.format("%.1f %%", share * 100);
        int done = rounds;
        double seconds = (System.nanoTime() - started) / 1e9;
        LOG.info(() -> String.format("settle: %d round(s) on a %s object in %.0f s; the gateway's JIT compiler took %s"
                + " of a core in the last %d s slice: %s", done, ByteSize.label(SETTLE_SIZE), seconds, last,
                SETTLE_SLICE.toSeconds(), verdict));
    }
}
