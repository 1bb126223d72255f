package io.pgvs3.store.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.NamespaceStats;
import io.pgvs3.store.api.StoreReport;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class StatsReaderTest {

    @Test
    void sizesCountsQueueAndUploadsOfEveryNamespace() throws Exception {
        PostgresExtension.Database db = PostgresExtension.freshStoreDatabase();
        Stores stores = new Stores(db.main(), db.chunk());
        String full = stores.newBucket("full");
        String empty = stores.newBucket("empty");
        for (int size : new int[] {10, 20, 30}) {
            stores.writer.put(Bodies.spec(full, "inline-" + size, size), new ByteArrayInputStream(new byte[size]));
        }
        byte[] big = Bodies.random(100_000, 3);
        stores.writer.put(Bodies.spec(full, "big", big.length), new ByteArrayInputStream(big));
        stores.writer.put(Bodies.spec(full, "gone", big.length), new ByteArrayInputStream(big));
        stores.deleter.delete(full, "gone");
        String schema = schemaOf(db, full);
        exec(db, "INSERT INTO " + schema + ".uploads (upload_id, key) VALUES ('u', 'k')");
        exec(db, "ANALYZE " + schema + ".chunks");

        StoreReport report = new StatsReader(db.main()).report();

        assertEquals(2, report.namespaces().size());
        NamespaceStats f = report.namespaces().get(0);
        assertEquals(full, f.name());
        assertEquals("bucket", f.kind());
        assertEquals(4, f.objects());
        assertEquals(60 + 100_000, f.logicalBytes());
        assertEquals(number(db, "SELECT pg_total_relation_size('" + schema + ".objects') + pg_total_relation_size('"
                + schema + ".chunks')"), f.physicalBytes());
        assertEquals(2 * 13, f.chunkRowsEstimate(), "after ANALYZE the estimate is the row count");
        assertEquals(1, f.garbageFiles());
        assertEquals(13, f.garbageChunkRows());
        assertEquals(13 * 8120, f.garbageBytes());
        assertNotNull(f.oldestGarbageAge());
        assertTrue(f.oldestGarbageAge().compareTo(Duration.ofMinutes(5)) < 0, f.oldestGarbageAge().toString());
        assertEquals(1, f.incompleteUploads());
        assertTrue(report.databaseBytes() > f.physicalBytes());

        NamespaceStats e = report.namespaces().get(1);
        assertEquals(empty, e.name());
        assertEquals(0, e.objects());
        assertEquals(0, e.logicalBytes());
        assertEquals(0, e.garbageFiles());
        assertNull(e.oldestGarbageAge());
        assertEquals(0, e.incompleteUploads());
    }

    private static String schemaOf(PostgresExtension.Database db, String bucket) throws Exception {
        try (Connection c = db.main().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT schema_name FROM pgvs3.namespaces WHERE name = '" + bucket + "'")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static long number(PostgresExtension.Database db, String sql) throws Exception {
        try (Connection c = db.main().getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void exec(PostgresExtension.Database db, String sql) throws Exception {
        try (Connection c = db.main().getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
