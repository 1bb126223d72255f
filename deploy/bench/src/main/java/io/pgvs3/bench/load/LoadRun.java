package io.pgvs3.bench.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one closed loop: {@code workers} threads call their operation back to back for the warm-up
 * and then the measured window. A call counts when it completes inside the window, with its whole
 * latency even if it started before: counting only calls that also started inside would drop exactly
 * the slow calls of an overloaded server (a 5 s SlowDown never fits a short window). CPU is read by
 * this thread exactly at the window's edges.
 */
public final class LoadRun {
    /** How long to wait for workers to finish their last call after the window: one read timeout. */
    private static final Duration STRAGGLER_WAIT = Duration.ofSeconds(65);

    private final Duration warmup;
    private final Duration duration;
    private final CpuProbe server;
    private final CpuProbe db;
    private final CpuProbe client = CpuProbe.client();

    public LoadRun(Duration warmup, Duration duration, CpuProbe server, CpuProbe db) {
        this.warmup = warmup;
        this.duration = duration;
        this.server = server;
        this.db = db;
    }

    public Measurement run(Operation.Factory factory, int workers, boolean untimedSetup) throws Exception {
        List<Operation> operations = new ArrayList<>(workers);
        try {
            for (int i = 0; i < workers; i++) {
                operations.add(factory.open(i));
            }
            return measure(operations, untimedSetup);
        } finally {
            operations.forEach(Operation::close);
        }
    }

    private Measurement measure(List<Operation> operations, boolean untimedSetup) throws InterruptedException {
        int workers = operations.size();
        CountDownLatch done = new CountDownLatch(workers);
        Tally[] tallies = new Tally[workers];
        long start = System.nanoTime();
        long from = start + warmup.toNanos();
        long end = from + duration.toNanos();
        for (int i = 0; i < workers; i++) {
            Tally tally = new Tally();
            tallies[i] = tally;
            Operation operation = operations.get(i);
            Thread thread = new Thread(() -> {
                try {
                    loop(operation, tally, from, end);
                } finally {
                    tally.connects = operation.connects();
                    done.countDown();
                }
            }, "bench-worker-" + i);
            thread.setDaemon(true);
            thread.start();
        }
        parkUntil(from);
        long client0 = client.cpuNanos();
        long server0 = server.cpuNanos();
        long db0 = db.cpuNanos();
        parkUntil(end);
        long client1 = client.cpuNanos();
        long server1 = server.cpuNanos();
        long db1 = db.cpuNanos();
        if (!done.await(STRAGGLER_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException(done.getCount() + " workers still blocked "
                    + STRAGGLER_WAIT.toSeconds() + " s after the window closed");
        }
        Tally total = new Tally();
        for (Tally tally : tallies) {
            total.add(tally);
        }
        return new Measurement(workers, end - from, total.ok, total.units, total.bytes, total.errors,
                total.latencies, total.timedNanos, delta(client0, client1), delta(server0, server1),
                delta(db0, db1), total.connects, untimedSetup);
    }

    private static void loop(Operation operation, Tally tally, long from, long end) {
        Outcome outcome = new Outcome();
        while (System.nanoTime() < end) {
            try {
                operation.prepare();
            } catch (Exception e) {
                // a failed refill is not a measured call, but it is worth seeing; the next round tries again
                if (System.nanoTime() >= from) {
                    tally.failure("prepare-" + Tally.IO_ERROR, 0);
                }
                continue;
            }
            long t0 = System.nanoTime();
            String error = null;
            try {
                operation.call(outcome);
                if (!outcome.ok()) {
                    error = Integer.toString(outcome.status());
                }
            } catch (Exception e) {
                error = Tally.IO_ERROR;
            }
            long t1 = System.nanoTime();
            if (t1 < from || t1 > end) {
                continue;
            }
            if (error == null) {
                tally.success(outcome, t1 - t0);
            } else {
                tally.failure(error, t1 - t0);
            }
        }
    }

    private static void parkUntil(long deadline) {
        for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    private static long delta(long before, long after) {
        return before < 0 || after < 0 ? -1 : after - before;
    }
}
