package io.pgvs3.store.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ContentHeaders;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.bucket.BucketService;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.read.CachedObject;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.sql.Locks;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.write.CopyWatchdog;
import io.pgvs3.store.write.ObjectDeleter;
import io.pgvs3.store.write.ObjectWriter;
import java.io.ByteArrayInputStream;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The generations, tombstones and freshness of origin-backed buckets, against PostgreSQL 18. */
@ExtendWith(PostgresExtension.class)
class OriginKeysTest {

    private static final String DOCUMENT = "{\"endpoint\": \"http://127.0.0.1:1\", \"credentials\": \"t\"}";

    private final DataSource db = PostgresExtension.main();
    private final DataAccess access = new DataAccess(db, PostgresExtension.chunk(), new NamespaceCache(db));
    private final OriginClients clients = new OriginClients(name -> name.endsWith("-file") ? Optional.empty() : Optional.of("x"), Duration.ofSeconds(1),
            Duration.ofSeconds(1), OriginMeter.NONE);

    private Namespace originBucket() {
        String bucket = PostgresExtension.uniqueBucket("origin");
        new OriginBuckets(access, new BucketService(access), clients).declare(bucket, DOCUMENT);
        return access.namespaces().resolve(bucket);
    }

    private void put(Namespace ns, String key, byte[] body, io.pgvs3.store.write.AfterPublish after) {
        new ObjectWriter(access, new CopyWatchdog(Duration.ofMinutes(1), System::nanoTime, Runnable::run)).put(new PutSpec(ns.name(), key, null, Map.of(), WriteCondition.NONE,
                body.length, null, null), new ByteArrayInputStream(body), after);
    }

    private CachedObject cached(Namespace ns, String key) {
        return new ObjectReader(access, Pool.CHUNK).findCached(ns.name(), key, false).orElseThrow();
    }

    @Test
    void aWriteBackIsFreshUntilFlushedAndAWriteThroughForItsTtl() {
        Namespace ns = originBucket();
        put(ns, "pending", new byte[100], (c, locked, modified) -> {
            Outbox.enqueue(c, locked, "pending", OriginKeys.wroteBack(c, locked, "pending"));
            return modified;
        });
        CachedObject pending = cached(ns, "pending");
        assertTrue(pending.isFresh(0), "a write-back waiting for its origin is never stale: " + pending.ageSeconds());
        put(ns, "through", new byte[100], (c, locked, modified) -> {
            OriginKeys.wroteThrough(c, locked, "through", "\"etag\"");
            return modified;
        });
        CachedObject through = cached(ns, "through");
        assertEquals("\"etag\"", through.validator());
        assertTrue(through.isFresh(3600));
        assertFalse(through.isFresh(0));
    }

    @Test
    void aFillThatStartedBeforeAWriteIsDiscarded() {
        Namespace ns = originBucket();
        long fillStart = access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill);
        put(ns, "k", new byte[10], (c, locked, modified) -> {
            OriginKeys.wroteThrough(c, locked, "k", "\"newer\"");
            return modified;
        });
        Boolean published = access.write(Pool.MAIN, "fill", ns.name(), (c, locked) ->
                Boolean.valueOf(OriginKeys.publishFill(c, locked, "k", fillStart, "\"older\"", null)));
        assertFalse(published, "the write drew a newer generation than the fill");
        assertEquals("\"newer\"", cached(ns, "k").validator());

        long laterFill = access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill);
        Boolean refilled = access.write(Pool.MAIN, "fill", ns.name(), (c, locked) ->
                Boolean.valueOf(OriginKeys.publishFill(c, locked, "k", laterFill, "\"refilled\"", null)));
        assertTrue(refilled);
    }

    private boolean current(Namespace ns, String key, long start, boolean leased) {
        return access.read(Pool.MAIN, "fence", ns.name(), (c, n) -> OriginKeys.fillCurrent(c, n, key, start, leased));
    }

    @Test
    void theFenceAtTheOriginsHeadersAgreesWithThePublications() {
        Namespace ns = originBucket();
        long fillStart = access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill);
        assertTrue(current(ns, "k", fillStart, true), "nothing was written: a first fill would publish");
        assertFalse(current(ns, "k", fillStart, false), "a refill replaces a live row only, and there is none");
        put(ns, "k", new byte[10], (c, locked, modified) -> {
            OriginKeys.wroteThrough(c, locked, "k", "\"newer\"");
            return modified;
        });
        assertFalse(current(ns, "k", fillStart, true), "a write after the fill's start wins");
        long revalidation = access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill);
        assertTrue(current(ns, "k", revalidation, false), "a refill that began after the write replaces it");
        deleteWithTombstone(ns, "k");
        assertFalse(current(ns, "k", revalidation, false), "a delete after the refill's start wins");
        long afterDelete = access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill);
        assertFalse(current(ns, "k", afterDelete, false), "a tombstone is no live row to refill");
        assertTrue(current(ns, "k", afterDelete, true), "a first fill after the delete may publish what the origin holds");
    }

    private void deleteWithTombstone(Namespace ns, String key) {
        access.write(Pool.MAIN, "delete", ns.name(), (c, locked) -> {
            Locks.lockObjectKeys(c, locked.id(), key);
            ObjectDeleter.deleteLocked(c, locked, new String[] {key}, new String[] {null});
            OriginKeys.tombstone(c, locked, key);
            return null;
        });
    }

    private boolean hasRow(Namespace ns, String table, String key) {
        return access.read(Pool.MAIN, "probe", ns.name(), (c, n) -> {
            try (PreparedStatement ps = c.prepareStatement(n.sql("SELECT 1 FROM %1$s." + table + " WHERE key = ?"))) {
                ps.setString(1, key);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }

    private int reap(Namespace ns, Duration grace) {
        return access.write(Pool.MAIN, "reap", ns.name(), (c, locked) -> OriginFences.reap(c, locked, grace));
    }

    @Test
    void fencesGoOnceNoFillCanNeedThemAndARevalidationNeverRevivesADeletedKey() {
        Namespace ns = originBucket();
        put(ns, "gone", new byte[10], (c, locked, modified) -> {
            OriginKeys.wroteThrough(c, locked, "gone", "\"v1\"");
            return modified;
        });
        long revalidationStart = access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill);
        deleteWithTombstone(ns, "gone");

        long fillStart = access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill);
        boolean filling = access.write(Pool.MAIN, "lease", ns.name(),
                (c, locked) -> FillLeases.take(c, locked, "filling", fillStart, Duration.ofHours(1)));
        assertTrue(filling);
        deleteWithTombstone(ns, "filling"); // a delete while a fill that began before it downloads

        long deadStart = access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill);
        boolean died = access.write(Pool.MAIN, "lease", ns.name(),
                (c, locked) -> FillLeases.take(c, locked, "died", deadStart, Duration.ZERO));
        assertTrue(died);

        assertEquals(1, reap(ns, Duration.ofHours(1)), "only the run-out lease: both tombstones are within the grace");
        assertFalse(hasRow(ns, "fill_leases", "died"));
        assertTrue(hasRow(ns, "origin_keys", "gone"));

        assertEquals(1, reap(ns, Duration.ZERO), "the tombstone nobody's fill needs");
        assertFalse(hasRow(ns, "origin_keys", "gone"));
        assertTrue(hasRow(ns, "origin_keys", "filling"), "a fill that began before its delete still holds a lease");
        assertTrue(hasRow(ns, "fill_leases", "filling"));

        Boolean revived = access.write(Pool.MAIN, "refill", ns.name(), (c, locked) ->
                Boolean.valueOf(OriginKeys.publishRefill(c, locked, "gone", revalidationStart, "\"v2\"", null)));
        assertFalse(revived, "a revalidation refills live rows only");

        put(ns, "live", new byte[10], (c, locked, modified) -> {
            OriginKeys.wroteThrough(c, locked, "live", "\"v1\"");
            return modified;
        });
        long liveStart = access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill);
        Boolean refilled = access.write(Pool.MAIN, "refill", ns.name(), (c, locked) ->
                Boolean.valueOf(OriginKeys.publishRefill(c, locked, "live", liveStart, "\"v2\"", null)));
        assertTrue(refilled);
        assertEquals("\"v2\"", cached(ns, "live").validator());
    }

    private Optional<ObjectMeta> known(Namespace ns, String key, Duration ttl) {
        return access.read(Pool.MAIN, "metadata", ns.name(), (c, n) -> OriginMetadata.find(c, n, key, ttl));
    }

    private void remember(Namespace ns, ObjectMeta head, long start) {
        access.write(Pool.MAIN, "remember", ns.name(), (c, locked) -> {
            OriginMetadata.remember(c, locked, head, start);
            return null;
        });
    }

    @Test
    void anOriginHeadIsRememberedForItsTtlUntilAWriteOrADeleteOfTheKey() {
        Namespace ns = originBucket();
        ObjectMeta head = new ObjectMeta(ns.name(), "cold.parquet", 12L << 20, "abc-2", "application/x-parquet",
                Map.of("a", "1"), java.time.Instant.parse("2026-12-01T00:00:00Z"), BodyLocation.atOrigin(),
                new ContentHeaders("no-cache", null, null, null, null), null);
        remember(ns, head, access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill));
        ObjectMeta found = known(ns, "cold.parquet", Duration.ofHours(1)).orElseThrow();
        assertEquals(head.size(), found.size());
        assertEquals("abc-2", found.etag());
        assertEquals(Map.of("a", "1"), found.userMetadata());
        assertEquals("no-cache", found.contentHeaders().cacheControl());
        assertEquals(head.lastModified(), found.lastModified());
        assertTrue(found.location().isAtOrigin());
        assertTrue(known(ns, "cold.parquet", Duration.ZERO).isEmpty(), "past its TTL it is asked again");

        put(ns, "cold.parquet", new byte[10], (c, locked, modified) -> {
            OriginKeys.wroteThrough(c, locked, "cold.parquet", "\"new\"");
            return modified;
        });
        assertTrue(known(ns, "cold.parquet", Duration.ofHours(1)).isEmpty(), "a write forgets it");

        long headStart = access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill);
        deleteWithTombstone(ns, "cold.parquet");
        remember(ns, head, headStart);
        assertTrue(known(ns, "cold.parquet", Duration.ofHours(1)).isEmpty(),
                "a HEAD that began before a delete is not remembered after it");
    }
}
