package io.pgvs3.resp.command;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Store calls of many connections coalesced by their callers: at most {@code maxInFlight} groups run at once,
 * each led by one of its callers; calls that arrive while all are busy wait, and the next free leader runs all
 * of them as one group. Each caller returns once its own call is done, so what it answers follows its store
 * call as before. Below the limit it costs one uncontended lock. {@link GroupCommit} coalesces blind writes,
 * {@link GroupRead} reads.
 */
final class Coalescer<C extends Coalescer.Call> {

    /** One caller's part of a group, in one database: done once the leader has run it (or failed to). */
    abstract static class Call {
        final int db;
        boolean taken;
        boolean done;
        StoreException failure;

        Call(int db) {
            this.db = db;
        }
    }

    private final int maxInFlight;
    /** Runs a group on the leader's thread; sets each member's result or {@link Call#failure}. */
    private final Consumer<List<C>> run;
    private final String waitingFor;
    private final Object lock = new Object();
    private List<C> queue = new ArrayList<>();
    private int leaders;

    /** @param waitingFor what a caller waits for, for the error an interrupt gets */
    Coalescer(int maxInFlight, Consumer<List<C>> run, String waitingFor) {
        this.maxInFlight = maxInFlight;
        this.run = run;
        this.waitingFor = waitingFor;
    }

    /** Runs {@code mine}, alone or with others'; returns once it is done, or throws its failure. */
    void submit(C mine) {
        List<C> group;
        synchronized (lock) {
            queue.add(mine);
            while (!mine.done && (mine.taken || leaders >= maxInFlight)) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new StoreException(StoreError.UNAVAILABLE, "interrupted while waiting for " + waitingFor);
                }
            }
            if (mine.done) {
                rethrow(mine);
                return;
            }
            leaders++;
            group = queue;
            queue = new ArrayList<>();
            group.forEach(c -> c.taken = true);
        }
        try {
            run.accept(group);
        } finally {
            synchronized (lock) {
                group.forEach(c -> c.done = true);
                leaders--;
                lock.notifyAll();
            }
        }
        rethrow(mine);
    }

    /** Callers waiting for the next leader (tests). */
    int queued() {
        synchronized (lock) {
            return queue.size();
        }
    }

    /** A group's members by database, in their order: one store call per database serves them. */
    static <C extends Call> Map<Integer, List<C>> byDb(List<C> members) {
        Map<Integer, List<C>> byDb = new LinkedHashMap<>();
        members.forEach(c -> byDb.computeIfAbsent(c.db, k -> new ArrayList<>()).add(c));
        return byDb;
    }

    /**
     * The result of a group's store call, or null once its failure went to {@code failed}: a
     * {@link StoreException} as it is, anything else as the store being unavailable for the {@code what}.
     */
    static <T> T call(String what, Supplier<T> store, Consumer<StoreException> failed) {
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
