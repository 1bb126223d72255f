package io.pgvs3.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LatencyHistogramTest {
    @Test
    void everyBucketsMidpointIsWithinItsPrecision() {
        for (long v = 1; v < Long.MAX_VALUE / 4; v = v * 3 / 2 + 1) {
            long mid = LatencyHistogram.midpoint(LatencyHistogram.index(v));
            assertTrue(Math.abs(mid - v) <= Math.max(1, v / 64), v + " came back as " + mid);
        }
    }

    @Test
    void quantilesOfAUniformSpread() {
        LatencyHistogram h = new LatencyHistogram();
        for (long micros = 1; micros <= 10_000; micros++) {
            h.record(micros * 1000);
        }
        assertEquals(10_000, h.count());
        assertEquals(5_000_000, h.quantileNanos(0.5), 5_000_000 / 64.0);
        assertEquals(9_900_000, h.quantileNanos(0.99), 9_900_000 / 64.0);
        assertEquals(10_000_000, h.quantileNanos(1.0));
    }

    @Test
    void mergedHistogramsCountBoth() {
        LatencyHistogram a = new LatencyHistogram();
        LatencyHistogram b = new LatencyHistogram();
        a.record(100);
        b.record(1_000_000);
        a.add(b);
        assertEquals(2, a.count());
        assertEquals(1_000_000, a.maxNanos());
        assertEquals(100, a.quantileNanos(0.5));
    }
}
