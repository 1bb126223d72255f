package io.pgvs3.resp.command;

import io.pgvs3.store.api.Coalescer;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvOperations;
import io.pgvs3.store.api.error.StoreException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

/**
 * Reads of many connections' GET runs coalesced ({@link Coalescer}): at most {@code maxInFlight} store reads
 * run at once; runs arriving meanwhile wait, and the next free leader asks for all their keys in one query per
 * database, of at most {@value #MAX_KEYS} keys and {@code maxBytes} of values (the first caller's budget), so
 * a reader holds no more values than one run alone did. A query costs PostgreSQL and the gateway about as
 * much per key at 64 keys as at 16 and far less per query (docs/adr/0065). Each caller gets the entries of a
 * prefix of its keys, at least one, as from {@link KvOperations#getWithin}; the read happens after every
 * caller asked, so each sees what was committed before it asked.
 */
final class GroupRead {

    /** Keys one coalesced query asks for at most. */
    static final int MAX_KEYS = 4 * PipelineRunner.READ_GROUP;

    /** One caller's keys and, once read, the entries of a prefix of them. */
    private static final class Pending extends Coalescer.Call {
        final int db;
        final List<byte[]> keys;
        final long now;
        final long maxBytes;
        List<KvEntry> entries;

        Pending(int db, List<byte[]> keys, long now, long maxBytes) {
            this.db = db;
            this.keys = keys;
            this.now = now;
            this.maxBytes = maxBytes;
        }
    }

    /** The store as the leading thread's session. */
    private final Supplier<KvOperations> kv;
    private final Coalescer<Pending> group;

    GroupRead(Supplier<KvOperations> kv, int maxInFlight) {
        this.kv = kv;
        this.group = new Coalescer<>(maxInFlight, this::read, "a group read");
    }

    /** As {@link KvOperations#getWithin}, alone or with other callers' keys. */
    List<KvEntry> getWithin(int db, List<byte[]> keys, long now, long maxBytes) {
        Pending mine = new Pending(db, keys, now, maxBytes);
        group.submit(mine);
        return mine.entries;
    }

    /** Callers waiting for the next leader (tests). */
    int queued() {
        return group.queued();
    }

    private void read(List<Pending> members) {
        Coalescer.by(members, p -> p.db).forEach(this::read);
    }

    /**
     * Queries for callers in order until each has entries: a query's values may end inside the keys of a
     * caller (which then has a prefix of its keys) or before them (which then go first into the next query).
     */
    private void read(int db, List<Pending> members) {
        Deque<Pending> open = new ArrayDeque<>(members);
        while (!open.isEmpty()) {
            List<Pending> asking = new ArrayList<>();
            List<byte[]> keys = new ArrayList<>();
            while (!open.isEmpty() && (asking.isEmpty() || keys.size() + open.peekFirst().keys.size() <= MAX_KEYS)) {
                Pending p = open.pollFirst();
                asking.add(p);
                keys.addAll(p.keys);
            }
            long now = latestClock(asking);
            List<KvEntry> entries = Coalescer.call("read", () -> kv.get().getWithin(db, keys, now, asking.get(0).maxBytes),
                    e -> fail(asking, open, e));
            if (entries == null) {
                return;
            }
            int at = 0;
            List<Pending> unanswered = new ArrayList<>();
            for (Pending p : asking) {
                int n = Math.min(p.keys.size(), entries.size() - at);
                if (n == 0) {
                    unanswered.add(p);
                } else {
                    p.entries = entries.subList(at, at + n);
                    at += n;
                }
            }
            for (int i = unanswered.size() - 1; i >= 0; i--) {
                open.addFirst(unanswered.get(i));
            }
        }
    }

    /** The read happens after each caller asked: the latest of their clocks is still before it. */
    private static long latestClock(List<Pending> asking) {
        long now = Long.MIN_VALUE;
        for (Pending p : asking) {
            now = Math.max(now, p.now);
        }
        return now;
    }

    private static void fail(List<Pending> asking, Deque<Pending> open, StoreException e) {
        asking.forEach(p -> p.fail(e));
        open.forEach(p -> p.fail(e));
    }
}
