package io.pgvs3.bench.sol;

import io.pgvs3.bench.http.Endpoint;
import io.pgvs3.bench.run.DatabaseSettings;
import io.pgvs3.bench.targets.Role;
import io.pgvs3.bench.targets.S3Target;
import io.pgvs3.bench.targets.SqlTarget;
import java.nio.file.Path;
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
 */
public final class SolRun {
    private static final Logger LOG = Logger.getLogger(SolRun.class.getName());

    private final S3Target gateway;
    private final SqlTarget db;
    private final List<Long> sizes;
    private final long rangeLength;
    private final int trials;

    public SolRun(S3Target gateway, SqlTarget db, List<Long> sizes, long rangeLength, int trials) {
        if (trials < 1 || sizes.isEmpty()) {
            throw new IllegalArgumentException("need at least one size and one trial");
        }
        this.gateway = gateway;
        this.db = new SqlTarget("pg-floor", db.jdbcUrl(), db.user(), db.password(), db.dbPid(), db.build());
        this.sizes = List.copyOf(sizes);
        this.rangeLength = rangeLength;
        this.trials = trials;
    }

    /** What the run leaves in the database: a new gateway object per size and trial, one floor file at a time. */
    public long storedBytes() {
        long all = sizes.stream().mapToLong(Long::longValue).sum();
        return trials * all + sizes.stream().mapToLong(Long::longValue).max().orElse(0);
    }

    @FunctionalInterface
    private interface Block {
        void trial(SolCase c, int trial) throws Exception;
    }

    public void run(Path out) throws Exception {
        String run = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        String pg = DatabaseSettings.describe(db);
        LOG.info(() -> "sol run " + run + ": sizes " + sizes + ", " + trials + " trials; database " + pg);
        try (HttpFloorServer server = new HttpFloorServer();
             SolResults results = new SolResults(run, pg, out);
             PostgresSequence postgres = new PostgresSequence(db)) {
            S3Sequence subject = new S3Sequence(gateway);
            S3Sequence http = new S3Sequence(new S3Target("http-floor", Role.FLOOR,
                    new Endpoint("127.0.0.1", server.port(), gateway.endpoint().bucket(),
                            gateway.endpoint().credentials()), 0, 0, "loopback HTTP/1.1, no storage, in the harness JVM"));
            List<Block> blocks = new ArrayList<>(List.of(
                    (c, t) -> subject.trial(c, t, results),
                    (c, t) -> http.trial(c, t, results),
                    (c, t) -> postgres.trial(c, t, results)));
            for (long size : sizes) {
                SolCase c = new SolCase(size, rangeLength);
                for (int trial = 1; trial <= trials; trial++) {
                    for (Block block : blocks) {
                        block.trial(c, trial);
                    }
                    Collections.reverse(blocks);
                }
            }
        }
    }
}
