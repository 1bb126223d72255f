package io.pgvs3.resp.command;

import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.api.KvOperations;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Group commit across connections: at most {@code maxInFlight} transactions of blind writes run at once
 * (each led by one of the writers); writes that arrive while all are busy wait, and the next free leader
 * stores all of them in one upsert and one commit per database. Each caller returns only once its own
 * writes are committed, so a reply still means committed; writes of different connections are
 * concurrent anyway, so any order among them is one Redis could have chosen. Below the limit it costs
 * one uncontended lock. (One leader alone was slower: it serialized every write behind one commit.)
 */
final class GroupCommit {

    /** One caller's writes, done when a leader has stored them (or failed to). */
    private static final class Pending {
        final int db;
        final List<KvPut> puts;
        boolean taken;
        boolean done;
        StoreException failure;

        Pending(int db, List<KvPut> puts) {
            this.db = db;
            this.puts = puts;
        }
    }

    /** The store as the leading thread's session. */
    private final Supplier<KvOperations> kv;
    private final int maxInFlight;
    private final Object lock = new Object();
    private List<Pending> queue = new ArrayList<>();
    private int leaders;

    GroupCommit(Supplier<KvOperations> kv, int maxInFlight) {
        this.kv = kv;
        this.maxInFlight = maxInFlight;
    }

    /** Stores the writes, alone or with others'; returns once they are committed. */
    void put(int db, List<KvPut> puts) {
        Pending mine = new Pending(db, puts);
        List<Pending> group;
        synchronized (lock) {
            queue.add(mine);
            while (!mine.done && (mine.taken || leaders >= maxInFlight)) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new StoreException(StoreError.UNAVAILABLE, "interrupted while waiting for a group commit");
                }
            }
            if (mine.done) {
                rethrow(mine);
                return;
            }
            leaders++;
            group = queue;
            queue = new ArrayList<>();
            group.forEach(p -> p.taken = true);
        }
        try {
            store(group);
        } finally {
            synchronized (lock) {
                group.forEach(p -> p.done = true);
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

    /** One store call per database; a failure is every member's of that database. */
    private void store(List<Pending> group) {
        Map<Integer, List<Pending>> byDb = new LinkedHashMap<>();
        group.forEach(p -> byDb.computeIfAbsent(p.db, k -> new ArrayList<>()).add(p));
        for (Map.Entry<Integer, List<Pending>> entry : byDb.entrySet()) {
            List<KvPut> all = new ArrayList<>();
            entry.getValue().forEach(p -> all.addAll(p.puts));
            try {
                kv.get().put(entry.getKey(), all);
            } catch (StoreException e) {
                entry.getValue().forEach(p -> p.failure = e);
            } catch (RuntimeException e) {
                StoreException failure = new StoreException(StoreError.UNAVAILABLE, "write failed: " + e, e);
                entry.getValue().forEach(p -> p.failure = failure);
            }
        }
    }

    private static void rethrow(Pending p) {
        if (p.failure != null) {
            throw p.failure;
        }
    }
}
