package io.pgvs3.store.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.ByteRange;
import org.junit.jupiter.api.Test;

class RangePlanTest {

    @Test
    void wholeBody() {
        RangePlan p = RangePlan.of(20_000, null);
        assertEquals(0, p.firstRow());
        assertEquals(2, p.lastRow());
        assertEquals(3, p.rowCount());
        assertEquals(8120, p.rowLength(0));
        assertEquals(20_000 - 2 * 8120, p.rowLength(2));
        assertEquals(0, p.sliceStart(0));
        assertEquals(8120, p.sliceEnd(0));
        assertEquals(20_000 - 2 * 8120, p.sliceEnd(2));
        assertEquals(20_000, p.length());
    }

    @Test
    void rangeInsideOneRow() {
        RangePlan p = RangePlan.of(100_000, new ByteRange(8121, 8130));
        assertEquals(1, p.firstRow());
        assertEquals(1, p.lastRow());
        assertEquals(1, p.sliceStart(1));
        assertEquals(11, p.sliceEnd(1));
        assertEquals(10, p.length());
    }

    @Test
    void rangeCrossingRowBoundaries() {
        RangePlan p = RangePlan.of(100_000, new ByteRange(8119, 3 * 8120));
        assertEquals(0, p.firstRow());
        assertEquals(3, p.lastRow());
        assertEquals(8119, p.sliceStart(0));
        assertEquals(8120, p.sliceEnd(0));
        assertEquals(0, p.sliceStart(1));
        assertEquals(8120, p.sliceEnd(1));
        assertEquals(0, p.sliceStart(3));
        assertEquals(1, p.sliceEnd(3));
        long total = 0;
        for (long r = p.firstRow(); r <= p.lastRow(); r++) {
            total += p.sliceEnd(r) - p.sliceStart(r);
        }
        assertEquals(p.length(), total);
    }

    @Test
    void emptyBodyAndBadRanges() {
        assertTrue(RangePlan.of(0, null).isEmpty());
        assertEquals(0, RangePlan.of(0, null).rowCount());
        assertThrows(IllegalArgumentException.class, () -> RangePlan.of(10, new ByteRange(5, 10)));
        assertEquals(1, RangePlan.of(10, new ByteRange(9, 9)).length());
    }

    @Test
    void rowsNearTheInt4Limit() {
        long size = (1L << 31) * 8120;
        RangePlan p = RangePlan.of(size, new ByteRange(size - 1, size - 1));
        assertEquals((1L << 31) - 1, p.lastRow());
        assertEquals(8119, p.sliceStart(p.lastRow()));
        assertEquals(8120, p.sliceEnd(p.lastRow()));
    }
}
