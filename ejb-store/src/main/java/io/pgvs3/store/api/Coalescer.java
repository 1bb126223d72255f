package io.pgvs3.store.api;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Store calls of many callers coalesced by the callers themselves: at most {@code maxInFlight} groups run at
 * once, each led by one of its callers; calls that arrive while all are busy wait, and the next free leader
 * runs all of them as one group. Each caller returns once its own call is done, so what it answers follows its
 * store call as before. Below the limit it costs one uncontended lock. The RESP bridge coalesces its blind
 * writes and GET runs with it (docs/adr/0065), the store its lookups of object rows (docs/adr/0070) and its small
 * PUTs' commits (docs/adr/0071); it is in the store's API so that both share one.
 *
 * <p>A group that has run longer than its coalescer's {@code stallAfter} no longer counts against the limit
 * (docs/adr/0072): one query stalled on a lock, a slow disk or a lost session then holds only its own members, and
 * the calls behind it go on in groups of their own, at most one more for each {@code stallAfter} it stays stalled.
 */
public final class Coalescer<C extends Coalescer.Call> {

    /** One caller's part of a group: done once the leader has run it (or failed to). */
    public abstract static class Call {
        boolean taken;
        boolean done;
        StoreException failure;

        /** What this caller throws once its group is done. */
        public void fail(StoreException e) {
            failure = e;
        }
    }

    private final int maxInFlight;
    /** Nanoseconds after which a running group stops counting against {@link #maxInFlight}. */
    private final long stallAfterNanos;
    /** Runs a group on the leader's thread; sets each member's result or {@link Call#fail failure}. */
    private final Consumer<List<C>> run;
    private final String waitingFor;
    private final Object lock = new Object();
    private List<C> queue = new ArrayList<>();
    /** When each running group started ({@link System#nanoTime}), in the order they started. */
    private final List<Long> running = new ArrayList<>();

    /**
     * Groups that count against the limit as long as they run.
     *
     * @param waitingFor what a caller waits for, for the error an interrupt gets
     */
    public Coalescer(int maxInFlight, Consumer<List<C>> run, String waitingFor) {
        this(maxInFlight, null, run, waitingFor);
    }

    /** @param stallAfter how long a group runs before it no longer counts against the limit; null: never */
    public Coalescer(int maxInFlight, Duration stallAfter, Consumer<List<C>> run, String waitingFor) {
        this.maxInFlight = maxInFlight;
        this.stallAfterNanos = stallAfter == null ? Long.MAX_VALUE : stallAfter.toNanos();
        this.run = run;
        this.waitingFor = waitingFor;
    }

    /** Runs {@code mine}, alone or with others'; returns once it is done, or throws its failure. */
    public void submit(C mine) {
        List<C> group;
        Long started;
        synchronized (lock) {
            queue.add(mine);
            while (!mine.done) {
                long waitNanos = mine.taken ? Long.MAX_VALUE : untilFree();
                if (waitNanos == 0) {
                    break;
                }
                try {
                    if (waitNanos == Long.MAX_VALUE) {
                        lock.wait();
                    } else {
                        TimeUnit.NANOSECONDS.timedWait(lock, waitNanos);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new StoreException(StoreError.UNAVAILABLE, "interrupted while waiting for " + waitingFor);
                }
            }
            if (mine.done) {
                rethrow(mine);
                return;
            }
            started = System.nanoTime();
            running.add(started);
            group = queue;
            queue = new ArrayList<>();
            group.forEach(c -> c.taken = true);
        }
        try {
            run.accept(group);
        } finally {
            synchronized (lock) {
                group.forEach(c -> c.done = true);
                running.remove(started);
                lock.notifyAll();
            }
        }
        rethrow(mine);
    }

    /**
     * Nanoseconds until a new group may start: 0 when fewer than the limit run without having stalled, else until
     * the next of them stalls ({@link Long#MAX_VALUE}: until one ends).
     */
    private long untilFree() {
        if (running.size() < maxInFlight) {
            return 0;
        }
        if (stallAfterNanos == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        long now = System.nanoTime();
        int counted = 0;
        long firstToStall = Long.MAX_VALUE;
        for (long start : running) {
            long left = start + stallAfterNanos - now;
            if (left > 0) {
                counted++;
                firstToStall = Math.min(firstToStall, left);
            }
        }
        return counted < maxInFlight ? 0 : firstToStall;
    }

    /** Callers waiting for the next leader (tests). */
    public int queued() {
        synchronized (lock) {
            return queue.size();
        }
    }

    /**
     * A group's members by what one store call can serve together (a RESP database, a bucket), in their
     * order.
     */
    public static <C extends Call, K> Map<K, List<C>> by(List<C> members, Function<? super C, K> scope) {
        Map<K, List<C>> grouped = new LinkedHashMap<>();
        members.forEach(c -> grouped.computeIfAbsent(scope.apply(c), k -> new ArrayList<>()).add(c));
        return grouped;
    }

    /**
     * The result of a group's store call, or null once its failure went to {@code failed}: a
     * {@link StoreException} as it is, anything else as the store being unavailable for the {@code what}.
     */
    public static <T> T call(String what, Supplier<T> store, Consumer<StoreException> failed) {
        try {
            return store.get();
        } catch (StoreException e) {
            failed.accept(e);
        } catch (RuntimeException e) {
            failed.accept(new StoreException(StoreError.UNAVAILABLE, what + " failed: " + e, e));
        }
        return null;
    }

    private static void rethrow(Call c) {
        if (c.failure != null) {
            throw c.failure;
        }
    }
}
