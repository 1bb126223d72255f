package io.pgvs3.store.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.sql.DelegatingDataSource;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Lookups of many requests share a query once one is in flight (docs/adr/0070), each with its own answer. */
@ExtendWith(PostgresExtension.class)
class ObjectLookupsTest {

    private static Stores stores;

    /** The main pool, whose first session waits for the test once armed: the leader holds its group open. */
    private GatedPool main;
    private ObjectLookups lookups;
    private ObjectReader reader;
    private ExecutorService callers;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
    }

    @BeforeEach
    void wire() {
        main = new GatedPool(PostgresExtension.main());
        DataAccess access = new DataAccess(main, PostgresExtension.chunk(), stores.namespaces);
        lookups = new ObjectLookups(access, 1);
        reader = new ObjectReader(access, lookups, stores.window);
        callers = Executors.newCachedThreadPool();
    }

    @AfterEach
    void stop() {
        main.release.countDown();
        callers.shutdownNow();
    }

    @Test
    void lookupsArrivingWhileOneRunsShareOneQueryAndEachGetsItsOwnRow() throws Exception {
        String bucket = stores.newBucket("lookups");
        byte[] a = put(bucket, "a", 100);
        byte[] b = put(bucket, "b", 4096);
        put(bucket, "c d/%e", 3);

        Future<ObjectMeta> leader = leadHeldOpen(bucket, "a");
        List<Future<?>> followers = new ArrayList<>();
        Future<ObjectMeta> getB = submit(followers, () -> reader.head(bucket, "b", true));
        Future<ObjectMeta> headB = submit(followers, () -> reader.head(bucket, "b", false));
        Future<ObjectMeta> getBAgain = submit(followers, () -> reader.head(bucket, "b", true));
        Future<ObjectMeta> odd = submit(followers, () -> reader.head(bucket, "c d/%e", false));
        Future<ObjectMeta> missing = submit(followers, () -> reader.head(bucket, "nope", true));
        int lentBefore = releaseOnceQueued(followers);

        assertArrayEquals(a, leader.get(30, TimeUnit.SECONDS).location().inlineData());
        assertArrayEquals(b, getB.get(30, TimeUnit.SECONDS).location().inlineData());
        assertArrayEquals(b, getBAgain.get(30, TimeUnit.SECONDS).location().inlineData());
        ObjectMeta head = headB.get(30, TimeUnit.SECONDS);
        assertEquals(4096, head.size());
        assertNull(head.location().inlineData(), "a HEAD reads no body");
        assertEquals(3, odd.get(30, TimeUnit.SECONDS).size());
        StoreException none = assertThrows(StoreException.class, () -> unwrap(missing));
        assertEquals(StoreError.NO_SUCH_KEY, none.error());
        // the five followers asked in two scopes (with bodies and without): two queries, not five
        assertEquals(2, main.lent.get() - lentBefore, "the followers' leader reads them in one query per scope");
    }

    @Test
    void aFailedQueryFailsEachOfItsMembersAndNoOtherBucketsLookup() throws Exception {
        String kept = stores.newBucket("kept");
        String dropped = stores.newBucket("dropped");
        byte[] body = put(kept, "k", 10);
        // caches the namespace, so that the group's query finds its schema gone
        assertThrows(StoreException.class, () -> reader.head(dropped, "x", false));
        stores.buckets.delete(dropped);

        Future<ObjectMeta> leader = leadHeldOpen(kept, "k");
        List<Future<?>> followers = new ArrayList<>();
        Future<ObjectMeta> gone1 = submit(followers, () -> reader.head(dropped, "x", false));
        Future<ObjectMeta> gone2 = submit(followers, () -> reader.head(dropped, "y", false));
        Future<ObjectMeta> alive = submit(followers, () -> reader.head(kept, "k", true));
        releaseOnceQueued(followers);

        assertArrayEquals(body, leader.get(30, TimeUnit.SECONDS).location().inlineData());
        assertArrayEquals(body, alive.get(30, TimeUnit.SECONDS).location().inlineData());
        assertEquals(StoreError.NO_SUCH_BUCKET, assertThrows(StoreException.class, () -> unwrap(gone1)).error());
        assertEquals(StoreError.NO_SUCH_BUCKET, assertThrows(StoreException.class, () -> unwrap(gone2)).error());
    }

    @Test
    void aLookupAfterAWriteSeesIt() {
        String bucket = stores.newBucket("fresh");
        for (int i = 0; i < 20; i++) {
            byte[] body = put(bucket, "k", 10 + i);
            assertArrayEquals(body, reader.head(bucket, "k", true).location().inlineData());
        }
    }

    /** A GET of {@code key} that leads a group and waits for its session until {@link #releaseOnceQueued}. */
    private Future<ObjectMeta> leadHeldOpen(String bucket, String key) throws InterruptedException {
        main.arm();
        Future<ObjectMeta> leader = callers.submit(() -> reader.head(bucket, key, true));
        assertTrue(main.entered.await(30, TimeUnit.SECONDS));
        return leader;
    }

    /** Lets the leader go on once all {@code followers} wait for it; returns the sessions lent until then. */
    private int releaseOnceQueued(List<Future<?>> followers) throws InterruptedException {
        awaitCondition(() -> lookups.queued() == followers.size());
        int lent = main.lent.get();
        main.release.countDown();
        return lent;
    }

    private byte[] put(String bucket, String key, int size) {
        byte[] body = Bodies.random(size, key.hashCode() + size);
        stores.writer.put(Bodies.spec(bucket, key, size), new ByteArrayInputStream(body));
        return body;
    }

    private <T> Future<T> submit(List<Future<?>> started, Callable<T> call) {
        Future<T> f = callers.submit(call);
        started.add(f);
        return f;
    }

    private static ObjectMeta unwrap(Future<ObjectMeta> f) throws Exception {
        try {
            return f.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }

    private static void awaitCondition(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for the followers to queue");
            Thread.sleep(5);
        }
    }

    /** Counts the sessions it lends; once armed, the next one waits until the test releases it. */
    private static final class GatedPool extends DelegatingDataSource {
        final AtomicInteger lent = new AtomicInteger();
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private volatile boolean armed;

        GatedPool(DataSource target) {
            super(target);
        }

        void arm() {
            armed = true;
        }

        @Override
        public Connection getConnection() throws SQLException {
            lent.incrementAndGet();
            if (armed) {
                armed = false;
                entered.countDown();
                try {
                    if (!release.await(30, TimeUnit.SECONDS)) {
                        throw new SQLException("the test never released the gate");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SQLException(e);
                }
            }
            return target.getConnection();
        }
    }
}
