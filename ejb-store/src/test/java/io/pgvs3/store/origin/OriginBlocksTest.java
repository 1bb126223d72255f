package io.pgvs3.store.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.bucket.BucketService;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.write.CopyWatchdog;
import io.pgvs3.store.write.ObjectWriter;
import java.io.ByteArrayInputStream;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The range blocks of origin-backed buckets (ADR 52): stored once, fenced by generations, reaped with their files. */
@ExtendWith(PostgresExtension.class)
class OriginBlocksTest {

    private static final long BLOCK = 64 << 10;
    private static final String DOCUMENT = "{\"endpoint\": \"http://127.0.0.1:1\", \"credentials\": \"t\", \"rangeCache\": "
            + BLOCK + "}";

    private final DataSource db = PostgresExtension.main();
    private final DataAccess access = new DataAccess(db, PostgresExtension.chunk(), new NamespaceCache(db));
    private final OriginClients clients = new OriginClients(
            name -> name.endsWith("-file") ? Optional.empty() : Optional.of("x"), Duration.ofSeconds(1),
            Duration.ofSeconds(1), OriginMeter.NONE);
    private final ObjectWriter writer = new ObjectWriter(access,
            new CopyWatchdog(Duration.ofMinutes(1), System::nanoTime, Runnable::run));

    private Namespace originBucket() {
        String bucket = PostgresExtension.uniqueBucket("blocks");
        new OriginBuckets(access, new BucketService(access), clients).declare(bucket, DOCUMENT);
        return access.namespaces().resolve(bucket);
    }

    private long startFill(Namespace ns) {
        return access.read(Pool.MAIN, "start", ns.name(), OriginKeys::startFill);
    }

    /** Stores block {@code no} of {@code validator} as a fetch that drew {@code generation}. */
    private boolean store(Namespace ns, String key, String validator, long blockSize, int no, long generation) {
        int length = 1_000 + no;
        try {
            return writer.putFile(ns.name(), "block", new ByteArrayInputStream(new byte[length]), length,
                    (c, locked, fileId) -> {
                        if (!OriginBlocks.publish(c, locked, key, validator, blockSize,
                                new OriginBlocks.Block(no, fileId, length), generation)) {
                            throw new IllegalStateException("not stored");
                        }
                        return true;
                    });
        } catch (IllegalStateException e) {
            return false;
        }
    }

    private Set<Integer> found(Namespace ns, String key, String validator) {
        return access.read(Pool.MAIN, "find", ns.name(),
                (c, n) -> OriginBlocks.find(c, n, key, validator, BLOCK, 0, 100)).keySet();
    }

    private void remember(Namespace ns, String key, String validator) {
        ObjectMeta head = new ObjectMeta(ns.name(), key, 100L << 20, validator, "application/octet-stream", Map.of(),
                Instant.now(), BodyLocation.atOrigin());
        long start = startFill(ns);
        access.write(Pool.MAIN, "remember", ns.name(), (c, locked) -> {
            OriginMetadata.remember(c, locked, head, start);
            return null;
        });
    }

    private long count(Namespace ns, String sql) {
        return access.read(Pool.MAIN, "count", ns.name(), (c, n) -> {
            try (PreparedStatement ps = c.prepareStatement(n.sql(sql)); ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    private int reap(Namespace ns) {
        return access.write(Pool.MAIN, "reap", ns.name(), (c, locked) -> OriginBlocks.reap(c, locked));
    }

    @Test
    void aBlockIsStoredOnceAndAFileThatLostTheRaceLeavesNoRows() {
        Namespace ns = originBucket();
        long generation = startFill(ns);
        assertTrue(store(ns, "k", "v1", BLOCK, 3, generation));
        long rows = count(ns, "SELECT count(*) FROM %1$s.chunks");
        assertFalse(store(ns, "k", "v1", BLOCK, 3, startFill(ns)), "a concurrent fetch of the same block");
        assertEquals(rows, count(ns, "SELECT count(*) FROM %1$s.chunks"), "its file was rolled back");
        assertTrue(store(ns, "k", "v2", BLOCK, 3, startFill(ns)), "another version's block is another block");
        assertEquals(Set.of(3), found(ns, "k", "v1"));
        assertEquals(Set.of(3), found(ns, "k", "v2"));
    }

    @Test
    void aFileOfAnotherLengthThanDeclaredIsNotStored() {
        Namespace ns = originBucket();
        StoreException short_ = assertThrows(StoreException.class, () -> writer.putFile(ns.name(), "block",
                new ByteArrayInputStream(new byte[10]), 11, (c, locked, fileId) -> true));
        assertEquals(StoreError.INCOMPLETE_BODY, short_.error());
        assertEquals(0, count(ns, "SELECT count(*) FROM %1$s.chunks"));
    }

    @Test
    void aWriteOrDeleteAfterAFetchBeganHidesItsBlocksWheneverTheyWereStored() {
        Namespace ns = originBucket();
        long before = startFill(ns);
        assertTrue(store(ns, "k", "v1", BLOCK, 0, before));
        long racing = startFill(ns);
        access.write(Pool.MAIN, "write", ns.name(), (c, locked) -> {
            OriginKeys.wroteThrough(c, locked, "k", "\"v2\"");
            return null;
        });
        assertEquals(Set.of(), found(ns, "k", "v1"), "stored before the write: no longer served");
        assertFalse(store(ns, "k", "v1", BLOCK, 1, racing), "a fetch that began before the write is not stored");
        long after = startFill(ns);
        assertTrue(store(ns, "k", "v1", BLOCK, 2, after));
        assertEquals(Set.of(2), found(ns, "k", "v1"), "a fetch that began after the write serves");
        access.write(Pool.MAIN, "delete", ns.name(), (c, locked) -> {
            OriginKeys.tombstone(c, locked, "k");
            return null;
        });
        assertEquals(Set.of(), found(ns, "k", "v1"));
    }

    @Test
    void aBlockFetchedBeforeAWriteGivesWayToTheSameBlockFetchedAfterItWithoutWaitingForMaintenance() {
        Namespace ns = originBucket();
        assertTrue(store(ns, "k", "v1", BLOCK, 4, startFill(ns)));
        access.write(Pool.MAIN, "delete", ns.name(), (c, locked) -> {
            OriginKeys.tombstone(c, locked, "k");
            return null;
        });
        long queued = count(ns, "SELECT count(*) FROM %1$s.garbage");
        // the origin holds v1 again (the same ETag): its block is fetched anew and must be stored at once
        assertTrue(store(ns, "k", "v1", BLOCK, 4, startFill(ns)), "the superseded block does not hold its place");
        assertEquals(Set.of(4), found(ns, "k", "v1"));
        assertEquals(1, count(ns, "SELECT count(*) FROM %1$s.origin_blocks"));
        assertEquals(queued + 1, count(ns, "SELECT count(*) FROM %1$s.garbage"), "the superseded block's file is queued");
    }

    @Test
    void blocksThatCanNeverServeAgainGoWithTheirFilesQueuedAsGarbage() {
        Namespace ns = originBucket();
        remember(ns, "current", "v1");
        assertTrue(store(ns, "current", "v1", BLOCK, 0, startFill(ns)));
        assertTrue(store(ns, "current", "v0", BLOCK, 0, startFill(ns)));
        assertTrue(store(ns, "current", "v1", 2 * BLOCK, 0, startFill(ns)));
        assertTrue(store(ns, "forgotten", "v1", BLOCK, 0, startFill(ns)));
        remember(ns, "written", "v1");
        assertTrue(store(ns, "written", "v1", BLOCK, 0, startFill(ns)));
        access.write(Pool.MAIN, "write", ns.name(), (c, locked) -> {
            OriginKeys.wroteBack(c, locked, "written");
            return null;
        });
        remember(ns, "filled", "v1");
        assertTrue(store(ns, "filled", "v1", BLOCK, 0, startFill(ns)));
        writer.put(new PutSpec(ns.name(), "filled", null, Map.of(), WriteCondition.NONE, 10, null, null),
                new ByteArrayInputStream(new byte[10]));

        assertEquals(5, reap(ns), "another version, another block size, no metadata, written after, held whole");
        assertEquals(1, count(ns, "SELECT count(*) FROM %1$s.origin_blocks"));
        assertEquals(Set.of(0), found(ns, "current", "v1"));
        assertEquals(5, count(ns, "SELECT count(*) FROM %1$s.garbage g"
                + " WHERE NOT EXISTS (SELECT 1 FROM %1$s.origin_blocks b WHERE b.file_id = g.file_id)"));
        assertEquals(0, reap(ns));

        remember(ns, "current", "v2"); // the origin's version changed
        assertEquals(1, reap(ns));
        assertEquals(0, count(ns, "SELECT count(*) FROM %1$s.origin_blocks"));
    }
}
