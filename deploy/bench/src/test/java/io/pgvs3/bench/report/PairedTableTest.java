package io.pgvs3.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PairedTableTest {
    @Test
    void flagsMediansThatMovedMoreThanTheThresholdEitherWay() {
        List<ResultLine> lines = List.of(
                ResultLineTest.line("current", "subject", "a", 1, 130),
                ResultLineTest.line("baseline", "baseline", "a", 1, 100),
                ResultLineTest.line("current", "subject", "b", 1, 70),
                ResultLineTest.line("current", "subject", "b", 2, 1000), // one outlier trial: the median holds
                ResultLineTest.line("current", "subject", "b", 3, 75),
                ResultLineTest.line("baseline", "baseline", "b", 1, 100),
                ResultLineTest.line("current", "subject", "c", 1, 110),
                ResultLineTest.line("baseline", "baseline", "c", 1, 100));
        List<Summary> summaries = Summary.of(lines);
        assertEquals(List.of("a", "b"), PairedTable.moved(summaries, 0.2));
        String md = PairedTable.markdown(summaries, 0.2);
        assertTrue(md.contains("| a | req/s | 100 | 130 | 1.30× |"), md);
        assertTrue(md.contains("**SLOWER**"), md);
    }
}
