package io.pgvs3.property;

import java.security.SecureRandom;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.opentest4j.AssertionFailedError;

/**
 * Runs a check over generated inputs: try {@code i} draws from a random seeded by (run seed, i), so the
 * seed printed with a failure replays it ({@code -Dpgvs3.fuzz.seed=...}). Each try's heap allocation by the
 * check is capped, and a try that makes no progress for {@link #STALL_SECONDS} fails as a hang (a hang
 * detector, not a time limit: a whole run may take as long as its tries need).
 */
public final class Property<T> {

    /** A single try of a parser over a few KiB that takes this long is stuck, on any machine. */
    static final long STALL_SECONDS = 60;

    /** The check of one input; any throwable fails the property. */
    @FunctionalInterface
    public interface Check<T> {
        void accept(T input) throws Exception;
    }

    private final Gen<T> gen;
    private int tries = 1000;
    private long maxAllocatedBytes = Long.MAX_VALUE;
    private long stallSeconds = STALL_SECONDS;

    private Property(Gen<T> gen) {
        this.gen = gen;
    }

    public static <T> Property<T> forAll(Gen<T> gen) {
        return new Property<>(gen);
    }

    /** The tries of a normal build; {@code -Dpgvs3.fuzz.tries} overrides it. */
    public Property<T> tries(int defaultTries) {
        this.tries = defaultTries;
        return this;
    }

    /** Fails a try whose check allocates more than {@code bytes} (its input's generation not counted). */
    public Property<T> maxAllocatedBytesPerTry(long bytes) {
        this.maxAllocatedBytes = bytes;
        return this;
    }

    /** The harness's own test shortens the stall guard; properties keep the default. */
    Property<T> stallAfterSeconds(long seconds) {
        this.stallSeconds = seconds;
        return this;
    }

    public void check(Check<T> check) {
        long seed = FuzzSettings.seed().orElseGet(() -> new SecureRandom().nextLong());
        int count = FuzzSettings.tries(tries);
        Run run = new Run(seed, count, check);
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "property-" + seed);
            t.setDaemon(true); // a hung try must not keep the test JVM alive
            return t;
        });
        try {
            awaitWithoutStall(worker.submit(run), run);
        } finally {
            worker.shutdownNow();
        }
    }

    private void awaitWithoutStall(Future<?> done, Run run) {
        long lastProgress = -1;
        while (true) {
            try {
                done.get(stallSeconds, TimeUnit.SECONDS);
                return;
            } catch (TimeoutException e) {
                long progress = run.finished.get();
                if (progress == lastProgress) {
                    done.cancel(true);
                    throw run.failure("made no progress for " + stallSeconds + " s (a hang)", run.current, null);
                }
                lastProgress = progress;
            } catch (ExecutionException e) {
                if (e.getCause() instanceof AssertionFailedError failure) {
                    throw failure;
                }
                throw new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    /** The loop on the worker thread; {@code finished} and {@code current} are what the guard watches. */
    private final class Run implements Runnable {
        private final long seed;
        private final int count;
        private final Check<T> check;
        private final AtomicLong finished = new AtomicLong();
        private volatile int currentTry;
        private volatile Object current;

        Run(long seed, int count, Check<T> check) {
            this.seed = seed;
            this.count = count;
            this.check = check;
        }

        @Override
        public void run() {
            for (int i = 0; i < count; i++) {
                currentTry = i;
                T input = gen.next(new Random(seed ^ (0x9E3779B97F4A7C15L * (i + 1))));
                current = input;
                long before = AllocationMeter.allocatedByThisThread();
                try {
                    check.accept(input);
                } catch (Throwable t) {
                    throw failure("failed", input, t);
                }
                long allocated = AllocationMeter.allocatedByThisThread() - before;
                if (allocated > maxAllocatedBytes) {
                    throw failure("allocated " + allocated + " bytes (cap " + maxAllocatedBytes + ")", input, null);
                }
                finished.incrementAndGet();
            }
        }

        AssertionFailedError failure(String what, Object input, Throwable cause) {
            return new AssertionFailedError("try " + (currentTry + 1) + " of " + count + " " + what
                    + "; replay with -D" + FuzzSettings.SEED + "=" + seed + "\ninput: " + Inputs.describe(input)
                    + (cause == null ? "" : "\nthrew: " + cause), cause);
        }
    }
}
