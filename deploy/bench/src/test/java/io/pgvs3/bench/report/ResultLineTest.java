package io.pgvs3.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultLineTest {
    static ResultLine line(String target, String role, String caseName, int trial, double rate) {
        return new ResultLine("2026-12-01T00:00:00Z", target, role, "build \"x\"", "fsync=on", caseName, "GET", 4096,
                "req", 16, trial, 10, 1000, rate, rate, 4.8, 0.5, 0.9, 2.5, 7, Map.of("503", 2L),
                0.05, 0.3, -1, 16);
    }

    /** Numbers are written to four decimals, which every test value here already is. */
    @Test
    void aLineSurvivesItsOwnJson() {
        ResultLine line = line("pgvs3", "subject", "get-4k-w16", 1, 1234.5678);
        assertEquals(line, ResultLine.parse(line.toJson()));
    }

    @Test
    void aLineMissingAFieldIsRejected() {
        String json = line("pgvs3", "subject", "get-4k-w16", 1, 1).toJson().replace("\"ok\":1000,", "");
        assertThrows(IllegalArgumentException.class, () -> ResultLine.parse(json));
    }
}
