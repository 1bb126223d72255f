package io.pgvs3.store.health;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A check that may block on a hung database, asked with a bounded wait (docs/adr/0033). At most one run
 * is in flight: a caller that finds one running joins it instead of starting another, so probes against
 * a frozen database never pile up threads or connections; a caller whose wait ends first gets the
 * "unanswered" outcome and the run goes on, bounded by the pools' own timeouts, for a later caller.
 *
 * @param <T> the check's outcome
 */
public final class BoundedCheck<T> {

    private final Supplier<T> check;
    private final Executor executor;
    private final Function<String, T> unanswered;
    /** The run in flight or the latest one; guarded by this. */
    private CompletableFuture<T> latest;

    /**
     * @param check      the check itself; it must end by itself (the pools' timeouts bound it)
     * @param executor   where it runs
     * @param unanswered the outcome when no run answered in time, from the reason in words
     */
    public BoundedCheck(Supplier<T> check, Executor executor, Function<String, T> unanswered) {
        this.check = check;
        this.executor = executor;
        this.unanswered = unanswered;
    }

    /** Starts a run, or joins the one in flight; several checks begun together run at once. */
    public Pending begin() {
        try {
            return new Pending(runInFlight(), null);
        } catch (RejectedExecutionException e) {
            return new Pending(null, "no thread to run the check: " + e.getMessage());
        }
    }

    /** A run begun by {@link #begin()}. */
    public final class Pending {
        private final CompletableFuture<T> run;
        private final String refused;

        private Pending(CompletableFuture<T> run, String refused) {
            this.run = run;
            this.refused = refused;
        }

        /** The run's outcome, waiting at most {@code wait} for it (zero: only if it is done). */
        public T await(Duration wait) {
            if (run == null) {
                return unanswered.apply(refused);
            }
            try {
                return run.get(wait.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                return unanswered.apply("no answer in time");
            } catch (ExecutionException e) {
                return unanswered.apply("the check failed: " + e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return unanswered.apply("interrupted");
            }
        }
    }

    private synchronized CompletableFuture<T> runInFlight() {
        if (latest == null || latest.isDone()) {
            latest = CompletableFuture.supplyAsync(check, executor);
        }
        return latest;
    }
}
