package io.pgvs3.bench.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SolTableTest {
    private static final long MIB = 1 << 20;

    /**
     * One 8 MiB call at {@code mibPerS}; the client spent 1 ms, the gateway 2 ns per byte and PostgreSQL
     * 1 ms.
     */
    private static ResultLine call(String target, String role, String caseName, String op, int connections, double mibPerS) {
        long size = 8 * MIB;
        double seconds = size / (mibPerS * MIB);
        return new ResultLine("2026-12-01T00:00:00Z", target, role, "b", "fsync=on", caseName, op, size, "req",
                connections, 1, seconds, 1, 1 / seconds, 1 / seconds, mibPerS, seconds * 1e3, seconds * 1e3,
                seconds * 1e3, seconds * 1e3, Map.of(), 1, 2.0 * size / 1e6, 1, connections);
    }

    @Test
    void eachCallIsAPercentageOfItsLowerFloor() {
        List<ResultLine> lines = new ArrayList<>(List.of(
                call("pgvs3", "subject", "sol-put-8m", "PUT", 1, 50),
                call("http-floor", "floor", "sol-put-8m", "PUT", 1, 400),
                call("pg-floor", "floor", "sol-put-8m", "COPY_IN", 1, 100),
                call("pgvs3", "subject", "sol-get-8m", "GET", 1, 300),
                call("http-floor", "floor", "sol-get-8m", "GET", 1, 1000),
                call("pg-floor", "floor", "sol-get-8m", "SELECT", 1, 200),
                call("pg-floor", "floor", "sol-get-8m", "COPY_BINARY", 8, 600)));
        String md = SolTable.markdown(lines, 2);
        // PUT: the COPY (100) is the lower floor; 50 is half of it
        assertTrue(md.contains("| sol-put-8m | 50.0 | 400 | 100 | COPY_IN, 1 conn. | 50 % | 2.00 |"), md);
        // a later GET is bounded by the fastest PostgreSQL read, whatever its variant and connections
        assertTrue(md.contains("| sol-get-8m | 300 | 1,000 | 600 | COPY_BINARY, 8 conn. | 50 % |"), md);
        assertTrue(md.contains("| sol-get-8m | pg-floor | SELECT | 1 | 200 |"), md);
    }

    @Test
    void theCeilingIsWhatTheCoresAllowAtTheCallsCpuPerByte() {
        // 1 ms client + 16.78 ms gateway (2 ns/B of 8 MiB) + 1 ms database = 18.78 ms of CPU per 8 MiB call:
        // two cores finish 106.5 calls a second, 852 MiB/s; four cores twice that
        List<ResultLine> lines = List.of(call("pgvs3", "subject", "sol-get-8m", "GET", 1, 300));
        assertTrue(SolTable.markdown(lines, 2).contains("| 2.00 | 0.12 | 0.12 | 852 | 0 |"), SolTable.markdown(lines, 2));
        assertTrue(SolTable.markdown(lines, 4).contains("4-core CPU ceiling MiB/s"));
        assertTrue(SolTable.markdown(lines, 4).contains("| 1,704 | 0 |"), SolTable.markdown(lines, 4));
    }
}
