package io.pgvs3.store.read.cache;

import java.util.concurrent.atomic.LongAdder;

/**
 * The gateway read cache: shards of {@link S3FifoShard}, each with an equal part of the byte budget,
 * so the cached bytes of all shards never exceed it. A budget of 0 is a cache that holds nothing.
 * Thread-safe; a hit takes no lock.
 */
public final class ReadCache {

    /** Shards at most; fewer for small budgets, so each shard holds at least 64 typical entries. */
    private static final int MAX_SHARDS = 16;
    private static final int MIN_ENTRIES_PER_SHARD = 64;

    private final long budget;
    private final S3FifoShard[] shards;
    private final LongAdder hitBytes = new LongAdder();
    private final LongAdder missBytes = new LongAdder();

    /**
     * @param budgetBytes  cached bytes at most, over all shards; 0 turns the cache off
     * @param typicalEntry the usual entry size (a whole block)
     */
    public ReadCache(long budgetBytes, int typicalEntry) {
        this.budget = Math.max(0, budgetBytes);
        int count = (int) Math.max(1, Math.min(MAX_SHARDS, budget / ((long) typicalEntry * MIN_ENTRIES_PER_SHARD)));
        this.shards = new S3FifoShard[count];
        for (int i = 0; i < count; i++) {
            shards[i] = new S3FifoShard(budget / count, typicalEntry);
        }
    }

    public boolean enabled() {
        return budget > 0;
    }

    /** The block's bytes, or null; counts as a read of it. */
    public byte[] get(BlockKey key) {
        return shard(key).get(key);
    }

    /** Whether the block is cached, without counting a read. */
    public boolean contains(BlockKey key) {
        return shard(key).contains(key);
    }

    /** Stores a block; the caller must not change {@code data} afterwards. */
    public void put(BlockKey key, byte[] data) {
        if (enabled()) {
            shard(key).put(key, data);
        }
    }

    /** Bytes a read took from the cache. */
    public void hit(long bytes) {
        hitBytes.add(bytes);
    }

    /** Bytes a read had to query while the cache was on. */
    public void miss(long bytes) {
        missBytes.add(bytes);
    }

    public ReadCacheSnapshot snapshot() {
        long bytes = 0;
        long evictions = 0;
        for (S3FifoShard shard : shards) {
            bytes += shard.bytes();
            evictions += shard.evictions();
        }
        return new ReadCacheSnapshot(budget, bytes, hitBytes.sum(), missBytes.sum(), evictions);
    }

    private S3FifoShard shard(BlockKey key) {
        int h = key.hashCode();
        return shards[Math.floorMod(h ^ (h >>> 16), shards.length)];
    }
}
