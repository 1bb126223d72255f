package io.pgvs3.store.it;

import io.pgvs3.store.access.DataAccess;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.kv.KvService;
import io.pgvs3.store.layout.LayoutManager;
import io.pgvs3.store.layout.LayoutRefusedException;
import io.pgvs3.store.layout.LayoutStatus;
import io.pgvs3.store.bucket.BucketService;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.origin.OriginBuckets;
import io.pgvs3.store.origin.OriginClients;
import io.pgvs3.store.origin.OriginMeter;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class LayoutTest {

    @Test
    void createsTheLayoutOnceAndVerifiesItAfterwards() throws Exception {
        DataSource db = PostgresExtension.freshDatabase(false);
        LayoutStatus first = new LayoutManager(db).ensure();
        assertTrue(first.created());
        assertEquals(4, first.version());
        String bucket = PostgresExtension.uniqueBucket("layout");
        new BucketService(new DataAccess(db, db, new NamespaceCache(db))).create(bucket);
        LayoutStatus again = new LayoutManager(db).ensure();
        assertFalse(again.created());
        assertEquals(1, again.namespaces());
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT c.reloptions::text FROM pg_class c JOIN pg_namespace n"
                     + " ON n.oid = c.relnamespace JOIN pgvs3.namespaces ns ON ns.schema_name = n.nspname"
                     + " WHERE c.relname = 'chunks'")) {
            rs.next();
            String options = rs.getString(1);
            assertTrue(options.contains("toast_tuple_target=8160"), options);
            assertTrue(options.contains("autovacuum_vacuum_threshold=1000"), options);
        }
    }

    @Test
    void refusesAnotherLayoutVersionAndSaysWhatToDo() throws Exception {
        DataSource db = PostgresExtension.freshDatabase(false);
        new LayoutManager(db).ensure();
        exec(db, "UPDATE pgvs3.layout SET version = 7");
        LayoutRefusedException e = assertThrows(LayoutRefusedException.class, () -> new LayoutManager(db).ensure());
        assertTrue(e.getMessage().contains("version 7"), e.getMessage());
        assertTrue(e.getMessage().contains("expects version 4"), e.getMessage());
        assertTrue(e.getMessage().contains("fresh database"), e.getMessage());
        assertTrue(e.getMessage().contains("migrate"), e.getMessage());
    }

    @Test
    void upgradesALayoutOneDatabaseOnlyWhenWritable() throws Exception {
        DataSource db = PostgresExtension.freshDatabase(false);
        new LayoutManager(db).ensure();
        String bucket = PostgresExtension.uniqueBucket("layout1");
        new BucketService(new DataAccess(db, db, new NamespaceCache(db))).create(bucket);
        exec(db, "UPDATE pgvs3.layout SET version = 1");
        LayoutRefusedException e = assertThrows(LayoutRefusedException.class,
                () -> new LayoutManager(db, true).ensure());
        assertTrue(e.getMessage().contains("version 1"), e.getMessage());
        LayoutStatus upgraded = new LayoutManager(db).ensure();
        assertEquals(4, upgraded.version());
        assertEquals(1, upgraded.namespaces());
        assertEquals(4, new LayoutManager(db, true).ensure().version());
    }

    @Test
    void upgradesALayoutTwoDatabaseByCompletingItsOriginBackedBuckets() throws Exception {
        upgradesOriginBackedBucketsFrom(2, "origin_metadata", "origin_uploads", "origin_blocks");
    }

    @Test
    void upgradesALayoutThreeDatabaseByAddingTheRangeBlocksOfItsOriginBackedBuckets() throws Exception {
        upgradesOriginBackedBucketsFrom(3, "origin_blocks");
    }

    /** An origin-backed bucket as layout {@code version} made it, without the tables added after it. */
    private static void upgradesOriginBackedBucketsFrom(int version, String... laterTables) throws Exception {
        DataSource db = PostgresExtension.freshDatabase(false);
        new LayoutManager(db).ensure();
        DataAccess access = new DataAccess(db, db, new NamespaceCache(db));
        String bucket = PostgresExtension.uniqueBucket("layout" + version);
        new OriginBuckets(access, new BucketService(access), new OriginClients(name -> name.endsWith("-file") ? Optional.empty() : Optional.of("x"),
                Duration.ofSeconds(1), Duration.ofSeconds(1), OriginMeter.NONE))
                .declare(bucket, "{\"endpoint\": \"http://127.0.0.1:1\", \"credentials\": \"t\"}");
        String schema = access.namespaces().resolve(bucket).schema();
        exec(db, "DROP TABLE " + String.join(", ", Arrays.stream(laterTables).map(t -> schema + "." + t).toList())
                + "; UPDATE pgvs3.layout SET version = " + version);
        assertThrows(LayoutRefusedException.class, () -> new LayoutManager(db, true).ensure(), "read-only: no upgrade");
        assertEquals(4, new LayoutManager(db).ensure().version());
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                     + " WHERE n.nspname = '" + schema + "' AND c.relname IN ('"
                     + String.join("', '", laterTables) + "')")) {
            rs.next();
            assertEquals(laterTables.length, rs.getInt(1));
        }
    }

    @Test
    void refusesAPartialLayout() throws Exception {
        DataSource db = PostgresExtension.freshDatabase(false);
        exec(db, "CREATE SCHEMA pgvs3");
        LayoutRefusedException e = assertThrows(LayoutRefusedException.class, () -> new LayoutManager(db).ensure());
        assertTrue(e.getMessage().contains("partial"), e.getMessage());
        assertTrue(e.getMessage().contains("fresh database"), e.getMessage());
    }

    /** Bodies up to a page stay in the objects row: a namespace made before that gets it at a writable start. */
    @Test
    void objectRowsOfEveryNamespaceStayInTheirPage() throws Exception {
        DataSource db = PostgresExtension.freshDatabase(false);
        new LayoutManager(db).ensure();
        new BucketService(new DataAccess(db, db, new NamespaceCache(db))).create(PostgresExtension.uniqueBucket("older"));
        exec(db, "DO $$ BEGIN EXECUTE format('ALTER TABLE %I.objects RESET (toast_tuple_target)',"
                + " (SELECT schema_name FROM pgvs3.namespaces LIMIT 1)); END $$");
        new BucketService(new DataAccess(db, db, new NamespaceCache(db))).create(PostgresExtension.uniqueBucket("newer"));
        assertEquals(List.of("f", "t"), objectsCarry(db, "toast_tuple_target=8160"), "the older lost it, the newer has it");
        new LayoutManager(db).ensure();
        assertEquals(List.of("t", "t"), objectsCarry(db, "toast_tuple_target=8160"));
    }

    /**
     * ADR 60 and 61: the objects of RESP databases vacuum early and unthrottled, and inserts leave room for HOT
     * updates; a bucket's keep the defaults.
     */
    @Test
    void objectsOfEveryCacheNamespaceVacuumEarlyAndLeaveRoom() throws Exception {
        DataSource db = PostgresExtension.freshDatabase(false);
        new LayoutManager(db).ensure();
        DataAccess access = new DataAccess(db, db, new NamespaceCache(db));
        new BucketService(access).create(PostgresExtension.uniqueBucket("bucket"));
        KvService kv = new KvService(access, Stores.WATCHDOG);
        byte[] key = "k".getBytes(StandardCharsets.UTF_8);
        kv.put(0, List.of(new KvPut(key, key, KvEntry.PERSISTENT)));
        exec(db, "DO $$ BEGIN EXECUTE format('ALTER TABLE %I.objects RESET (autovacuum_vacuum_cost_delay, fillfactor)',"
                + " (SELECT schema_name FROM pgvs3.namespaces WHERE kind = 'cache')); END $$");
        kv.put(1, List.of(new KvPut(key, key, KvEntry.PERSISTENT)));
        String settings = "autovacuum_vacuum_cost_delay=0,autovacuum_vacuum_scale_factor=0.01,"
                + "autovacuum_vacuum_threshold=1000,fillfactor=70";
        assertEquals(List.of("f", "f", "t"), objectsCarry(db, settings), "the bucket, the older database, the newer");
        new LayoutManager(db).ensure();
        assertEquals(List.of("f", "t", "t"), objectsCarry(db, settings));
    }

    /** Per namespace in the order made: whether its {@code objects} carry every storage parameter of {@code options}. */
    private static List<String> objectsCarry(DataSource db, String options) throws Exception {
        List<String> found = new ArrayList<>();
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT coalesce(c.reloptions, '{}') @> '{" + options + "}'"
                     + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                     + " JOIN pgvs3.namespaces ns ON ns.schema_name = n.nspname"
                     + " WHERE c.relname = 'objects' ORDER BY ns.id")) {
            while (rs.next()) {
                found.add(rs.getString(1));
            }
        }
        return found;
    }

    @Test
    void refusesANamespaceWhoseChunkTableLostItsSettings() throws Exception {
        DataSource db = PostgresExtension.freshDatabase(false);
        new LayoutManager(db).ensure();
        String bucket = PostgresExtension.uniqueBucket("reloptions");
        new BucketService(new DataAccess(db, db, new NamespaceCache(db))).create(bucket);
        exec(db, "DO $$ BEGIN EXECUTE format('ALTER TABLE %I.chunks RESET (toast_tuple_target)',"
                + " (SELECT schema_name FROM pgvs3.namespaces LIMIT 1)); END $$");
        LayoutRefusedException e = assertThrows(LayoutRefusedException.class, () -> new LayoutManager(db).ensure());
        assertTrue(e.getMessage().contains(bucket), e.getMessage());
        assertTrue(e.getMessage().contains("toast_tuple_target=8160"), e.getMessage());
    }

    /** A namespace made by an earlier build of layout v1 lacks the checksum type and content headers. */
    @Test
    void refusesANamespaceWithoutTheLatestObjectColumns() throws Exception {
        DataSource db = PostgresExtension.freshDatabase(false);
        new LayoutManager(db).ensure();
        String bucket = PostgresExtension.uniqueBucket("columns");
        new BucketService(new DataAccess(db, db, new NamespaceCache(db))).create(bucket);
        exec(db, "DO $$ BEGIN EXECUTE format('ALTER TABLE %I.objects DROP COLUMN checksum_type',"
                + " (SELECT schema_name FROM pgvs3.namespaces LIMIT 1)); END $$");
        LayoutRefusedException e = assertThrows(LayoutRefusedException.class, () -> new LayoutManager(db).ensure());
        assertTrue(e.getMessage().contains(bucket), e.getMessage());
        assertTrue(e.getMessage().contains("checksum_type"), e.getMessage());
    }

    @Test
    void concurrentFirstStartsCreateTheLayoutOnce() throws Exception {
        DataSource db = PostgresExtension.freshDatabase(false);
        CyclicBarrier barrier = new CyclicBarrier(2);
        Callable<LayoutStatus> start = () -> {
            barrier.await();
            return new LayoutManager(db).ensure();
        };
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<LayoutStatus>> results = pool.invokeAll(List.of(start, start));
            LayoutStatus a = results.get(0).get();
            LayoutStatus b = results.get(1).get();
            assertTrue(a.created() ^ b.created(), "exactly one start creates the layout");
        } finally {
            pool.shutdownNow();
        }
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM pgvs3.layout")) {
            rs.next();
            assertEquals(1, rs.getLong(1));
        }
    }

    private static void exec(DataSource db, String sql) throws Exception {
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
