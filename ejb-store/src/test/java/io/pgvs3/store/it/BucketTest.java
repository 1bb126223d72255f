package io.pgvs3.store.it;

import io.pgvs3.store.access.DataAccess;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.BucketInfo;
import io.pgvs3.store.api.ListQuery;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.bucket.BucketService;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Sql;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class BucketTest {

    private static Stores stores;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
    }

    @Test
    void createIsIdempotentAndListed() {
        String name = PostgresExtension.uniqueBucket("create");
        assertTrue(stores.buckets.create(name));
        assertFalse(stores.buckets.create(name));
        assertTrue(stores.buckets.exists(name));
        List<BucketInfo> all = stores.buckets.list();
        assertTrue(all.stream().anyMatch(b -> b.name().equals(name)));
        assertFalse(stores.buckets.exists(PostgresExtension.uniqueBucket("absent")));
    }

    @Test
    void concurrentCreatesOfOneNameBothSucceedOnce() throws Exception {
        String name = PostgresExtension.uniqueBucket("twice");
        CyclicBarrier barrier = new CyclicBarrier(2);
        Callable<Boolean> create = () -> {
            barrier.await();
            return stores.buckets.create(name);
        };
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Boolean>> results = pool.invokeAll(List.of(create, create));
            assertTrue(results.get(0).get() ^ results.get(1).get(), "exactly one create made the bucket");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void deleteRefusesANonEmptyBucketAndDropsTheSchemaOfAnEmptyOne() throws Exception {
        String name = stores.newBucket("delete");
        stores.writer.put(Bodies.spec(name, "k", 100_000), new ByteArrayInputStream(Bodies.random(100_000, 1)));
        StoreException notEmpty = assertThrows(StoreException.class, () -> stores.buckets.delete(name));
        assertEquals(StoreError.BUCKET_NOT_EMPTY, notEmpty.error());

        String schema = Sql.schemaOf(name);
        stores.deleter.delete(name, "k");
        stores.buckets.delete(name);
        assertNull(Sql.schemaOf(name));
        assertFalse(schemaExists(schema));
        assertEquals(StoreError.NO_SUCH_BUCKET,
                assertThrows(StoreException.class, () -> stores.buckets.delete(name)).error());
        assertEquals(StoreError.NO_SUCH_BUCKET, assertThrows(StoreException.class,
                () -> stores.writer.put(Bodies.spec(name, "k", 1), new ByteArrayInputStream(new byte[1]))).error());
    }

    @Test
    void aStaleCachedSchemaIsNoticedAndRefreshed() {
        String name = stores.newBucket("stale");
        // another gateway's cache, filled before the bucket is dropped and re-created elsewhere
        NamespaceCache otherCache = new NamespaceCache(PostgresExtension.main());
        Stores other = new Stores();
        otherCache.resolve(name);
        other.namespaces.resolve(name);
        stores.buckets.delete(name);
        assertEquals(StoreError.NO_SUCH_BUCKET, assertThrows(StoreException.class,
                () -> other.reader.head(name, "k", false)).error());
        other.namespaces.resolve(stores.newBucketNamed(name));
        stores.buckets.delete(name);
        new BucketService(new DataAccess(PostgresExtension.main(), PostgresExtension.chunk(), otherCache)).create(name);
        stores.writer.put(Bodies.spec(name, "k", 1), new ByteArrayInputStream(new byte[1]));
        // "other" still caches the first re-creation's schema: its next lookup must recover, not fail
        assertEquals(1, other.reader.head(name, "k", false).size());
        assertEquals(1, other.lister.list(new ListQuery(name, "", null, null, 10)).objects().size());
    }

    private static boolean schemaExists(String schema) throws Exception {
        try (Connection c = PostgresExtension.main().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT to_regnamespace(?) IS NOT NULL")) {
            ps.setString(1, schema);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }
}
