package io.pgvs3.admin.stat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.MaintenanceSnapshot;
import io.pgvs3.store.api.NamespaceStats;
import io.pgvs3.store.api.OriginState;
import io.pgvs3.store.api.StoreReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatViewTest {

    private static final Instant AT = Instant.parse("2026-11-29T12:00:00Z");

    private static StatView view() {
        StoreReport report = new StoreReport(AT, 50L << 20, List.of(
                new NamespaceStats("photos", "bucket", 4, 100_060, 303_104, 26, 1, 13, 105_560, Duration.ofMillis(2500), 1),
                new NamespaceStats("a\"b", "cache", 0, 0, 49_152, 0, 0, 0, 0, null, 0)));
        MaintenanceSnapshot maintenance = new MaintenanceSnapshot(true, true, false, AT.minusSeconds(3), AT.minusSeconds(3),
                10, 7, 3, 0, 9, 1234, 5, 2, 0, 1, 100, 6, 4, 0);
        OriginState lake = new OriginState("{\"endpoint\":\"https://s3.example.com/\",\"originBucket\":\"lake-src\"}",
                3, 3000, 2, 20 << 20, Duration.ofSeconds(90), false, null);
        return StatView.of(report, List.of(OriginLine.of("lake", lake)), maintenance);
    }

    @Test
    void jsonCarriesEveryFieldWithItsApiNameAndTotals() {
        String json = view().json();
        assertTrue(json.startsWith("{\"takenAt\":\"2026-11-29T12:00:00Z\",\"databaseBytes\":52428800,"), json);
        assertTrue(json.contains("\"totals\":{\"namespaces\":2,\"objects\":4,\"logicalBytes\":100060,"
                + "\"physicalBytes\":352256,\"garbageFiles\":1,\"garbageBytes\":105560,\"incompleteUploads\":1}"), json);
        assertTrue(json.contains("{\"name\":\"photos\",\"kind\":\"bucket\",\"objects\":4,\"logicalBytes\":100060,"
                + "\"physicalBytes\":303104,\"chunkRowsEstimate\":26,\"garbageFiles\":1,\"garbageChunkRows\":13,"
                + "\"garbageBytes\":105560,\"oldestGarbageAgeSeconds\":2.500,\"incompleteUploads\":1}"), json);
        assertTrue(json.contains("\"name\":\"a\\\"b\""), "strings are escaped: " + json);
        assertTrue(json.contains("\"oldestGarbageAgeSeconds\":null"), json);
        assertTrue(json.contains("\"maintenance\":{\"enabled\":true,\"leader\":true,\"databaseOutage\":false,"
                + "\"lastTick\":\"2026-11-29T11:59:57Z\""), json);
        assertTrue(json.contains("\"rowsReaped\":1234,\"filesReaped\":5,\"pinnedSkips\":2"), json);
        assertTrue(json.contains("\"originFencesReaped\":6,\"originBlocksReaped\":4,\"errors\":0"), json);
        assertTrue(json.contains("\"origins\":[{\"bucket\":\"lake\",\"origin\":\"https://s3.example.com/lake-src\","
                + "\"pendingObjects\":2,\"pendingBytes\":20971520,\"oldestPendingSeconds\":90.000,\"drainPaused\":false,"
                + "\"lastOriginError\":null}]"), json);
        assertTrue(json.endsWith("}\n"));
    }

    @Test
    void theTableLinesUpAndSaysWhatMaintenanceDid() {
        String[] lines = StatTable.render(view()).split("\n");
        assertEquals("pgvs3 stat at 2026-11-29T12:00:00Z, database 50.0 MiB", lines[0]);
        assertTrue(lines[1].startsWith("NAMESPACE"), lines[1]);
        assertTrue(lines[2].matches("photos +bucket +4 +97\\.7 KiB +296\\.0 KiB +\\+203% +26 +1 +103\\.1 KiB +2s +1"),
                lines[2]);
        assertTrue(lines[3].matches("a\"b +cache +0 +0 B +48\\.0 KiB +- +0 +0 +0 B +- +0"), lines[3]);
        assertTrue(lines[4].startsWith("TOTAL (2)"), lines[4]);
        assertEquals(lines[1].indexOf("OBJECTS") + "OBJECTS".length(), lines[2].indexOf("4  ") + 1, "right-aligned");
        assertEquals("", lines[5]);
        assertTrue(lines[6].startsWith("ORIGIN-BACKED"), lines[6]);
        assertTrue(lines[7].matches("lake +https://s3\\.example\\.com/lake-src +2 +20\\.0 MiB +90s +runs +-"), lines[7]);
        assertTrue(lines[8].startsWith("maintenance (this gateway): leader yes, last tick 3s ago"), lines[8]);
        assertTrue(lines[8].contains("rows reaped 1234") && lines[8].contains("pinned skips 2"), lines[8]);
        assertTrue(lines[8].contains("origin blocks reaped 4"), lines[8]);
    }

    @Test
    void agesAndSizesReadNaturally() {
        assertEquals("-", StatTable.age(null));
        assertEquals("119s", StatTable.age(Duration.ofSeconds(119)));
        assertEquals("2m", StatTable.age(Duration.ofSeconds(120)));
        assertEquals("3h", StatTable.age(Duration.ofHours(3)));
        assertEquals("2d", StatTable.age(Duration.ofDays(2)));
        assertEquals("1023 B", StatTable.bytes(1023));
        assertEquals("1.0 KiB", StatTable.bytes(1024));
        assertEquals("1.5 GiB", StatTable.bytes(3L << 29));
    }
}
