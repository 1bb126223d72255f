package io.pgvs3.store.read.cache;

import java.util.ArrayDeque;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One shard of the cache: S3-FIFO (Yang et al., SOSP 2023) over a byte budget. New blocks enter the
 * small queue (a tenth of the budget); a block read again before it leaves that queue moves to the
 * main queue, the others leave a ghost key behind, and a ghost that comes back enters main directly.
 * Main is a FIFO that gives each block one more round per recorded read (frequency capped at 3). So a
 * one-pass scan only ever churns the small queue and cannot flush blocks that were read twice.
 *
 * <p>Hits are lock-free (a map read and a racy frequency bump: a lost bump costs one round, never
 * correctness); inserts and evictions hold the shard's lock.
 */
final class S3FifoShard {

    private static final int MAX_FREQUENCY = 3;

    private static final class Entry {
        final BlockKey key;
        final byte[] data;
        volatile int frequency;

        Entry(BlockKey key, byte[] data) {
            this.key = key;
            this.data = data;
        }
    }

    private final long budget;
    private final long smallBudget;
    private final int ghostCapacity;
    private final Map<BlockKey, Entry> entries = new ConcurrentHashMap<>();
    // the rest is guarded by this
    private final ArrayDeque<Entry> small = new ArrayDeque<>();
    private final ArrayDeque<Entry> main = new ArrayDeque<>();
    private final LinkedHashSet<BlockKey> ghosts = new LinkedHashSet<>();
    private long smallBytes;
    private long mainBytes;
    private volatile long bytes;
    private long evictions;

    /** @param typicalEntry the usual entry size, to size the ghost list (as many keys as main holds) */
    S3FifoShard(long budget, int typicalEntry) {
        this.budget = budget;
        this.smallBudget = budget / 10;
        this.ghostCapacity = (int) Math.max(1, budget / typicalEntry);
    }

    byte[] get(BlockKey key) {
        Entry e = entries.get(key);
        if (e == null) {
            return null;
        }
        if (e.frequency < MAX_FREQUENCY) {
            e.frequency++;
        }
        return e.data;
    }

    boolean contains(BlockKey key) {
        return entries.containsKey(key);
    }

    /** Stores the block unless it is present or larger than the shard; evicts first, so bytes stay within budget. */
    synchronized void put(BlockKey key, byte[] data) {
        if (data.length > budget || entries.containsKey(key)) {
            return;
        }
        while (bytes + data.length > budget) {
            evictOne();
        }
        Entry e = new Entry(key, data);
        if (ghosts.remove(key)) {
            main.addLast(e);
            mainBytes += data.length;
        } else {
            small.addLast(e);
            smallBytes += data.length;
        }
        entries.put(key, e);
        bytes = smallBytes + mainBytes;
    }

    private void evictOne() {
        if (!small.isEmpty() && (smallBytes > smallBudget || main.isEmpty())) {
            Entry e = small.pollFirst();
            smallBytes -= e.data.length;
            if (e.frequency > 0) {
                e.frequency = 0;
                    main.addLast(e);
                mainBytes += e.data.length;
            } else {
                drop(e);
                ghosts.add(e.key);
                if (ghosts.size() > ghostCapacity) {
                    ghosts.remove(ghosts.iterator().next());
                }
            }
        } else {
            Entry e = main.pollFirst();
            if (e.frequency > 0) {
                e.frequency--;
                main.addLast(e);
            } else {
                mainBytes -= e.data.length;
                drop(e);
            }
        }
        bytes = smallBytes + mainBytes;
    }

    private void drop(Entry e) {
        entries.remove(e.key);
        evictions++;
    }

    long bytes() {
        return bytes;
    }

    synchronized long evictions() {
        return evictions;
    }
}
