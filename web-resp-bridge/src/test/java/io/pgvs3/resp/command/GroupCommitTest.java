package io.pgvs3.resp.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.api.KvOperations;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class GroupCommitTest {

    /** A store whose first put waits for the test; records the size of every put. */
    private static KvOperations slowStore(CountDownLatch entered, CountDownLatch release, List<Integer> sizes,
                                     boolean fail) {
        return (KvOperations) Proxy.newProxyInstance(KvOperations.class.getClassLoader(), new Class<?>[] {KvOperations.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("put")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    sizes.add(((List<?>) args[1]).size());
                    if (entered.getCount() > 0) {
                        entered.countDown();
                        assertTrue(release.await(30, TimeUnit.SECONDS));
                    }
                    if (fail) {
                        throw new StoreException(StoreError.UNAVAILABLE, "down");
                    }
                    return null;
                });
    }

    private static List<KvPut> one(String key) {
        return List.of(new KvPut(key.getBytes(StandardCharsets.US_ASCII), new byte[1], KvEntry.PERSISTENT));
    }

    @Test
    void writesArrivingDuringACommitShareTheNextOne() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Integer> sizes = Collections.synchronizedList(new ArrayList<>());
        KvOperations store = slowStore(entered, release, sizes, false);
        GroupCommit group = new GroupCommit(() -> store, 1);
        ExecutorService pool = Executors.newFixedThreadPool(5);
        try {
            List<Future<?>> writers = new ArrayList<>();
            writers.add(pool.submit(() -> group.put(0, one("first"))));
            assertTrue(entered.await(30, TimeUnit.SECONDS));
            for (int i = 0; i < 4; i++) {
                String key = "k" + i;
                writers.add(pool.submit(() -> group.put(0, one(key))));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (group.queued() < 4 && System.nanoTime() < deadline) {
                Thread.onSpinWait(); // the four writers are queued behind the leader
            }
            release.countDown();
            for (Future<?> w : writers) {
                w.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(List.of(1, 4), sizes, "the first alone, the four waiting ones together");
    }

    @Test
    void aFailedCommitFailsEveryWriterInIt() {
        KvOperations store = slowStore(new CountDownLatch(0), new CountDownLatch(0),
                Collections.synchronizedList(new ArrayList<>()), true);
        GroupCommit group = new GroupCommit(() -> store, 4);
        StoreException e = assertThrows(StoreException.class, () -> group.put(0, one("x")));
        assertEquals(StoreError.UNAVAILABLE, e.error());
    }
}
