package io.pgvs3.store.read.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The eviction policy and byte bound of the read cache, without a database. */
class ReadCacheTest {

    private static final int ENTRY = 1000;

    private static BlockKey key(long block) {
        return new BlockKey(42, 7, block);
    }

    @Test
    void aStoredBlockIsFoundUnderItsKeyOnly() {
        ReadCache cache = new ReadCache(100 * ENTRY, ENTRY);
        byte[] data = new byte[ENTRY];
        cache.put(key(1), data);
        assertSame(data, cache.get(key(1)));
        assertNull(cache.get(new BlockKey(43, 7, 1)), "another objects table");
        assertNull(cache.get(new BlockKey(42, 8, 1)), "another file");
        assertNull(cache.get(key(2)));
    }

    @Test
    void aBudgetOfZeroHoldsNothing() {
        ReadCache cache = new ReadCache(0, ENTRY);
        assertFalse(cache.enabled());
        cache.put(key(1), new byte[ENTRY]);
        assertNull(cache.get(key(1)));
        assertEquals(0, cache.snapshot().bytes());
    }

    @Test
    void aOnePassScanDoesNotEvictABlockReadTwice() {
        ReadCache cache = new ReadCache(100 * ENTRY, ENTRY); // one shard of 100 entries
        cache.put(key(0), new byte[ENTRY]);
        assertNotNull(cache.get(key(0)), "the second read");
        for (long b = 1; b <= 10_000; b++) {
            cache.put(key(b), new byte[ENTRY]);
        }
        assertNotNull(cache.get(key(0)), "the hot block outlived a scan of 100 times the budget");
        assertFalse(cache.contains(key(1)), "the scan's first blocks were evicted");
        assertTrue(cache.snapshot().evictions() >= 10_000 - 100);
    }

    @Test
    void aBlockEvictedSoonAfterItsFirstReadComesBackIntoMain() {
        ReadCache cache = new ReadCache(100 * ENTRY, ENTRY);
        cache.put(key(0), new byte[ENTRY]);
        for (long b = 1; b <= 120; b++) {
            cache.put(key(b), new byte[ENTRY]);
        }
        assertFalse(cache.contains(key(0)), "read once: left by the small queue");
        cache.put(key(0), new byte[ENTRY]); // a ghost: straight into main
        for (long b = 121; b <= 5_000; b++) {
            cache.put(key(b), new byte[ENTRY]);
        }
        assertTrue(cache.contains(key(0)), "main is not churned by a scan");
    }

    @Test
    void bytesNeverExceedTheBudgetUnderConcurrentUse() {
        long budget = 64L * 16 * 4 * ENTRY; // 16 shards
        ReadCache cache = new ReadCache(budget, ENTRY);
        CompletableFuture<?>[] writers = IntStream.range(0, 4).mapToObj(t -> CompletableFuture.runAsync(() -> {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            for (int i = 0; i < 50_000; i++) {
                BlockKey key = key(random.nextInt(20_000));
                if (cache.get(key) == null) {
                    cache.put(key, new byte[1 + random.nextInt(2 * ENTRY)]);
                }
                assertTrue(cache.snapshot().bytes() <= budget);
            }
        })).toArray(CompletableFuture[]::new);
        CompletableFuture.allOf(writers).join();
        ReadCacheSnapshot after = cache.snapshot();
        assertTrue(after.bytes() <= budget, after.bytes() + " > " + budget);
        assertTrue(after.bytes() > budget / 2, "the cache is used: " + after.bytes());
        assertTrue(after.evictions() > 0);
    }

    @Test
    void aBlockLargerThanAShardIsNotStored() {
        ReadCache cache = new ReadCache(10 * ENTRY, ENTRY);
        cache.put(key(1), new byte[11 * ENTRY]);
        assertNull(cache.get(key(1)));
        assertEquals(0, cache.snapshot().bytes());
    }
}
