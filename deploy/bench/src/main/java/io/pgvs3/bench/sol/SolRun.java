package io.pgvs3.bench.sol;

import io.pgvs3.bench.http.Endpoint;
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
 * first few hundred requests, which cost a 10 MiB GET three times its later CPU. The trials measure a
 * server as it runs in service; "first read" keeps meaning the database's first read of new rows.
 */
public final class SolRun {
    private static final Logger LOG = Logger.getLogger(SolRun.class.getName());
    /** The warm-up object: several pieces of the gateway's read window, and a range of more than one. */
    private static final long WARM_SIZE = 8L << 20;
    private static final long WARM_RANGE = 2L << 20;
    /** Warm-up rounds at most, whatever the time: each leaves an overwritten object to the reaper. */
    private static final int WARM_ROUNDS = 40;

    private final S3Target gateway;
    private final SqlTarget db;
    private final List<Long> sizes;
    private final long rangeLength;
    private final int trials;
    private final Duration warmup;

    public SolRun(S3Target gateway, SqlTarget db, List<Long> sizes, long rangeLength, int trials, Duration warmup) {
        if (trials < 1 || sizes.isEmpty()) {
            throw new IllegalArgumentException("need at least one size and one trial");
        }
        this.gateway = gateway;
        this.db = new SqlTarget("pg-floor", db.jdbcUrl(), db.user(), db.password(), db.dbPid(), db.build());
        this.sizes = List.copyOf(sizes);
        this.rangeLength = rangeLength;
        this.trials = trials;
        this.warmup = warmup;
    }

    /** What the run leaves in the database: a new gateway object per size and trial, one floor file at a time. */
    public long storedBytes() {
        long all = sizes.stream().mapToLong(Long::longValue).sum();
        // each trial keeps its object in the gateway and its rows in the floor's table
        return 2 * trials * all + WARM_ROUNDS * WARM_SIZE;
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
}
