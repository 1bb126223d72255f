package io.pgvs3.store.read.cache;

/**
 * This gateway's read cache since it started (docs/adr/0030).
 *
 * @param budgetBytes {@code pgvs3.read.cache.bytes} (0: the cache is off)
 * @param bytes       block bytes cached now, never more than the budget
 * @param hitBytes    body bytes reads took from the cache
 * @param missBytes   body bytes reads queried from PostgreSQL while the cache was on
 * @param evictions   blocks evicted
 */
public record ReadCacheSnapshot(long budgetBytes, long bytes, long hitBytes, long missBytes, long evictions) {
}
