package io.pgvs3.store.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.GatedPool;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Lookups of many requests share a query once one is in flight (docs/adr/0070), each with its own answer. */
@ExtendWith(PostgresExtension.class)
class ObjectLookupsTest {

    /** The main pool, whose first session waits for the test once armed: the leader holds its group open. */
    private final Stores stores = new Stores();
    @AutoClose
    private final GatedPool main = GatedPool.ofTestDatabase();
    private ObjectLookups lookups;
    private ObjectReader reader;

    @BeforeEach
    void wire() {
        DataAccess access = main.access(stores.namespaces);
        lookups = new ObjectLookups(access, 1, GatedPool.HELD_LEADER_NEVER_STALLS);
        reader = new ObjectReader(access, lookups, stores.window);
    }

    @Test
    void lookupsArrivingWhileOneRunsShareOneQueryAndEachGetsItsOwnRow() throws Exception {
        String bucket = stores.newBucket("lookups");
        byte[] a = put(bucket, "a", 100);
        byte[] b = put(bucket, "b", 4096);
        put(bucket, "c d/%e", 3);

        Future<ObjectMeta> leader = main.leadHeldOpen(() -> reader.head(bucket, "a", true));
        List<Future<?>> followers = new ArrayList<>();
        Future<ObjectMeta> getB = main.follow(followers, () -> reader.head(bucket, "b", true));
        Future<ObjectMeta> headB = main.follow(followers, () -> reader.head(bucket, "b", false));
        Future<ObjectMeta> getBAgain = main.follow(followers, () -> reader.head(bucket, "b", true));
        Future<ObjectMeta> odd = main.follow(followers, () -> reader.head(bucket, "c d/%e", false));
        Future<ObjectMeta> missing = main.follow(followers, () -> reader.head(bucket, "nope", true));
        int lentBefore = main.releaseOnceQueued(lookups::queued, followers.size());

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
        assertEquals(2, main.lent() - lentBefore, "the followers' leader reads them in one query per scope");
    }

    @Test
    void aStalledQueryLetsTheLookupsBehindItStartAnother() throws Exception {
        var access = main.access(stores.namespaces);
        ObjectLookups stallingAfter50Ms = new ObjectLookups(access, 1, Duration.ofMillis(50));
        ObjectReader stalling = new ObjectReader(access, stallingAfter50Ms, stores.window);
        String bucket = stores.newBucket("stalled");
        byte[] a = put(bucket, "a", 10);
        byte[] b = put(bucket, "b", 20);

        Future<ObjectMeta> held = main.leadHeldOpen(() -> stalling.head(bucket, "a", true));
        assertArrayEquals(b, stalling.head(bucket, "b", true).location().inlineData(),
                "the lookup behind the held query was answered by a query of its own");
        assertFalse(held.isDone(), "the held query is still waiting for its session");

        main.releaseOnceQueued(stallingAfter50Ms::queued, 0);
        assertArrayEquals(a, held.get(30, TimeUnit.SECONDS).location().inlineData());
    }

    @Test
    void aFailedQueryFailsEachOfItsMembersAndNoOtherBucketsLookup() throws Exception {
        String kept = stores.newBucket("kept");
        String dropped = stores.newBucket("dropped");
        byte[] body = put(kept, "k", 10);
        // caches the namespace, so that the group's query finds its schema gone
        assertThrows(StoreException.class, () -> reader.head(dropped, "x", false));
        stores.buckets.delete(dropped);

        Future<ObjectMeta> leader = main.leadHeldOpen(() -> reader.head(kept, "k", true));
        List<Future<?>> followers = new ArrayList<>();
        Future<ObjectMeta> gone1 = main.follow(followers, () -> reader.head(dropped, "x", false));
        Future<ObjectMeta> gone2 = main.follow(followers, () -> reader.head(dropped, "y", false));
        Future<ObjectMeta> alive = main.follow(followers, () -> reader.head(kept, "k", true));
        main.releaseOnceQueued(lookups::queued, followers.size());

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

    private byte[] put(String bucket, String key, int size) {
        byte[] body = Bodies.random(size, key.hashCode() + size);
        stores.writer.put(Bodies.spec(bucket, key, size), new ByteArrayInputStream(body));
        return body;
    }

    private static ObjectMeta unwrap(Future<ObjectMeta> f) throws Exception {
        try {
            return f.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }
}
