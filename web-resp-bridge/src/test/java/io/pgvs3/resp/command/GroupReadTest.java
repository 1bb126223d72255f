package io.pgvs3.resp.command;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvOperations;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class GroupReadTest {

    /**
     * A store of {@code values} (key → value) whose first read waits for the test when {@code release} is
     * given; records the keys of every read. Reads answer as getWithin: a prefix within the byte budget.
     */
    private static KvOperations store(Map<String, String> values, List<List<String>> reads, CountDownLatch entered,
                                      CountDownLatch release) {
        return (KvOperations) Proxy.newProxyInstance(KvOperations.class.getClassLoader(), new Class<?>[] {KvOperations.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("getWithin")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    @SuppressWarnings("unchecked")
                    List<byte[]> keys = (List<byte[]>) args[1];
                    long maxBytes = (long) args[3];
                    reads.add(keys.stream().map(GroupReadTest::text).toList());
                    if (entered.getCount() > 0) {
                        entered.countDown();
                        assertTrue(release.await(30, TimeUnit.SECONDS));
                    }
                    List<KvEntry> out = new ArrayList<>();
                    long total = 0;
                    for (byte[] key : keys) {
                        String value = values.get(text(key));
                        if (value == null && "down".equals(text(key))) {
                            throw new StoreException(StoreError.UNAVAILABLE, "down");
                        }
                        if (value == null && "broken".equals(text(key))) {
                            throw new IllegalStateException("a driver's bug");
                        }
                        long size = value == null ? 0 : value.length();
                        if (!out.isEmpty() && total + size > maxBytes) {
                            break;
                        }
                        total += size;
                        out.add(value == null ? null : new KvEntry(bytes(value), size, KvEntry.PERSISTENT));
                    }
                    return out;
                });
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.US_ASCII);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static List<byte[]> keys(String... names) {
        return java.util.Arrays.stream(names).map(GroupReadTest::bytes).toList();
    }

    @Test
    void runsArrivingDuringAReadShareTheNextQueryAndEachGetsItsOwnEntries() throws Exception {
        Map<String, String> values = Map.of("first", "1", "a0", "x0", "a1", "x1", "a2", "x2", "a3", "x3");
        List<List<String>> reads = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        GroupRead group = new GroupRead(() -> store(values, reads, entered, release), 1);
        ExecutorService pool = Executors.newFixedThreadPool(5);
        try {
            Future<List<KvEntry>> first = pool.submit(() -> group.getWithin(0, keys("first"), 0, 1 << 20));
            assertTrue(entered.await(30, TimeUnit.SECONDS));
            List<Future<List<KvEntry>>> others = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                String key = "a" + i;
                others.add(pool.submit(() -> group.getWithin(0, keys(key, "missing"), 0, 1 << 20)));
            }
            awaitQueued(group, 4); // the four runs wait behind the leader
            release.countDown();
            assertArrayEquals(bytes("1"), first.get(30, TimeUnit.SECONDS).get(0).value());
            for (int i = 0; i < 4; i++) {
                List<KvEntry> mine = others.get(i).get(30, TimeUnit.SECONDS);
                assertEquals(2, mine.size());
                assertArrayEquals(bytes("x" + i), mine.get(0).value());
                assertNull(mine.get(1), "a missing key is a null entry, in its place");
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(2, reads.size(), "the first alone, the four waiting ones together: " + reads);
        assertEquals(8, reads.get(1).size());
    }

    @Test
    void aCallerWhoseKeysThePreviousValuesCrowdOutIsAnsweredByTheNextQuery() throws Exception {
        Map<String, String> values = Map.of("first", "1", "big", "x".repeat(100), "b1", "y".repeat(100), "c", "z");
        List<List<String>> reads = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        GroupRead group = new GroupRead(() -> store(values, reads, entered, release), 1);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<List<KvEntry>> first = pool.submit(() -> group.getWithin(0, keys("first"), 0, 150));
            assertTrue(entered.await(30, TimeUnit.SECONDS));
            Future<List<KvEntry>> a = pool.submit(() -> group.getWithin(0, keys("big", "b1"), 0, 150));
            awaitQueued(group, 1);
            Future<List<KvEntry>> b = pool.submit(() -> group.getWithin(0, keys("c"), 0, 150));
            awaitQueued(group, 2);
            release.countDown();
            first.get(30, TimeUnit.SECONDS);
            assertEquals(1, a.get(30, TimeUnit.SECONDS).size(), "a prefix of its keys within the budget");
            assertArrayEquals(bytes("z"), b.get(30, TimeUnit.SECONDS).get(0).value());
        } finally {
            pool.shutdownNow();
        }
        assertEquals(List.of(List.of("first"), List.of("big", "b1", "c"), List.of("c")), reads);
    }

    private static void awaitQueued(GroupRead group, int callers) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (group.queued() < callers && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(callers, group.queued());
    }

    @Test
    void aFailedReadFailsItsCallerWithTheStoreErrorOrAnythingElseAsTheStoreUnavailable() {
        GroupRead group = new GroupRead(() -> store(Map.of(), Collections.synchronizedList(new ArrayList<>()),
                new CountDownLatch(0), null), 4);
        StoreException down = assertThrows(StoreException.class, () -> group.getWithin(0, keys("down"), 0, 1 << 20));
        assertEquals(StoreError.UNAVAILABLE, down.error());
        assertNull(down.getCause(), "the store's own error, as it was thrown");
        StoreException broken = assertThrows(StoreException.class, () -> group.getWithin(0, keys("broken"), 0, 1 << 20));
        assertEquals(StoreError.UNAVAILABLE, broken.error());
        assertInstanceOf(IllegalStateException.class, broken.getCause());
    }
}
