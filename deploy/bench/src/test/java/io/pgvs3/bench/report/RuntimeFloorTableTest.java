package io.pgvs3.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RuntimeFloorTableTest {
    /** One trial of {@code op} on {@code size} bytes at {@code workers}, at {@code rate} and {@code cpuMs} per call. */
    private static ResultLine line(String target, String role, String caseName, String op, long size, int workers,
                                   double rate, double cpuMs) {
        return new ResultLine("2026-12-03T00:00:00Z", target, role, "b", "fsync=on", caseName, op, size, "req",
                workers, 1, 3, 1000, rate, rate, 1, 0.5, 0.9, 2.5, 7, Map.of(), 0.02, cpuMs, -1, workers);
    }

    private static final List<ResultLine> RUN = List.of(
            line("floor", "floor", "floor-pk-4k-w16", "PK_SELECT", 4096, 16, 50_000, 0.02),
            line("runtime-floor", "runtime_floor", "floor-jaxrs-4k-w1", "JAXRS_GET", 4096, 1, 8_000, 0.08),
            line("runtime-floor", "runtime_floor", "floor-jaxrs-4k-w16", "JAXRS_GET", 4096, 16, 16_000, 0.05),
            line("runtime-floor", "runtime_floor", "floor-jaxrs-s3-4k-w16", "JAXRS_S3_GET", 4096, 16, 12_000, 0.06),
            line("pgvs3", "subject", "get-4k-w16", "GET", 4096, 16, 3_700, 0.3),
            line("pgvs3", "subject", "head-4k-w16", "HEAD", 4096, 16, 4_000, 0.2),
            line("pgvs3", "subject", "put-4k-w16", "PUT", 4096, 16, 1_700, 0.5),
            line("pgvs3", "subject", "get-4k-w64", "GET", 4096, 64, 7_900, 0.1),
            line("pgvs3", "subject", "range-8k-of-64m-w16", "RANGE", 8192, 16, 4_400, 0.2),
            line("pgvs3", "subject", "get-8m-w1", "GET", 8 << 20, 1, 30, 20),
            line("pgvs3", "subject", "get-4k-w1", "GET", 4096, 1, 6_000, -1));

    @Test
    void getsAndHeadsOfTheFloorsSizeAreDividedByTheFloorAtTheSameWorkers() {
        String md = RuntimeFloorTable.markdown(Summary.of(RUN), "pgvs3");
        assertTrue(md.contains("| floor-jaxrs-4k-w16 | 16,000 | 0.500 / 2.500 | 0.050 |"), md);
        // 3,700 ÷ 16,000 req/s; 0.3 ÷ 0.05 ms of CPU per call
        assertTrue(md.contains("| get-4k-w16 | 3,700 | 16,000 | 0.23× | 0.300 | 0.050 | 6.00× |"), md);
        assertTrue(md.contains("| head-4k-w16 | 4,000 | 16,000 | 0.25× | 0.200 | 0.050 | 4.00× |"), md);
        // a CPU per call that could not be read is no ratio
        assertTrue(md.contains("| get-4k-w1 | 6,000 | 8,000 | 0.75× | – | 0.080 | – |"), md);
        for (String unbounded : List.of("put-4k-w16", "get-4k-w64", "range-8k-of-64m-w16", "get-8m-w1")) {
            assertFalse(md.contains("| " + unbounded + " |"), unbounded + " has no runtime floor:\n" + md);
        }
    }

    @Test
    void theS3ShapedFloorHasItsOwnComparison() {
        String md = RuntimeFloorTable.markdown(Summary.of(RUN), "pgvs3");
        String s3Shaped = md.substring(md.indexOf("pgvs3 against the S3-shaped runtime floor"));
        String trivial = md.substring(md.indexOf("pgvs3 against the runtime floor"), md.indexOf(s3Shaped));
        assertTrue(md.contains("| floor-jaxrs-s3-4k-w16 | 12,000 | 0.500 / 2.500 | 0.060 |"), md);
        // 0.3 ÷ 0.06 and 0.2 ÷ 0.06 ms of CPU per call; the trivial floor's table keeps its own divisor
        assertTrue(s3Shaped.contains("| get-4k-w16 | 3,700 | 12,000 | 0.31× | 0.300 | 0.060 | 5.00× |"), md);
        assertTrue(s3Shaped.contains("| head-4k-w16 | 4,000 | 12,000 | 0.33× | 0.200 | 0.060 | 3.33× |"), md);
        assertTrue(trivial.contains("| get-4k-w16 | 3,700 | 16,000 | 0.23× | 0.300 | 0.050 | 6.00× |"), md);
        assertFalse(s3Shaped.contains("| get-4k-w1 |"), "no S3-shaped floor at one worker:\n" + md);
    }

    @Test
    void theComparisonTableCarriesBothFloors() {
        String md = ComparisonTable.markdown(Summary.of(RUN));
        assertTrue(md.contains("| floor-pk-4k-w16 | 50,000 | 0.500 / 2.500 | 0.020 |"), md);
        assertTrue(md.contains("pgvs3 against the runtime floor at the same workers"), md);
        assertTrue(md.contains("| get-4k-w16 | 3,700 | 16,000 | 0.23× |"), md);
    }

    @Test
    void aRunWithoutTheRuntimeFloorHasNoSuchTable() {
        List<ResultLine> withoutIt = RUN.stream().filter(l -> !l.role().equals("runtime_floor")).toList();
        assertEquals("", RuntimeFloorTable.markdown(Summary.of(withoutIt), "pgvs3"));
    }
}
