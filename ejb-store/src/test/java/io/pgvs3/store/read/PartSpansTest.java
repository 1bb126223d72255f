package io.pgvs3.store.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PartSpansTest {

    /** Parts of 10, 5 and 7 bytes. */
    private static final long[] ENDS = {10, 15, 22};

    @Test
    void aRangeInsideOnePart() {
        assertEquals(List.of(new PartSpans.Span(1, 5, 1, 3)), PartSpans.of(ENDS, 11, 13));
        assertEquals(List.of(new PartSpans.Span(0, 10, 0, 9)), PartSpans.of(ENDS, 0, 9));
    }

    @Test
    void aRangeAcrossBoundaries() {
        assertEquals(List.of(new PartSpans.Span(0, 10, 9, 9), new PartSpans.Span(1, 5, 0, 4),
                new PartSpans.Span(2, 7, 0, 0)), PartSpans.of(ENDS, 9, 15));
        assertEquals(List.of(new PartSpans.Span(0, 10, 0, 9), new PartSpans.Span(1, 5, 0, 4),
                new PartSpans.Span(2, 7, 0, 6)), PartSpans.of(ENDS, 0, 21));
    }

    @Test
    void rangesStartingExactlyAtABoundary() {
        assertEquals(List.of(new PartSpans.Span(1, 5, 0, 0)), PartSpans.of(ENDS, 10, 10));
        assertEquals(List.of(new PartSpans.Span(2, 7, 6, 6)), PartSpans.of(ENDS, 21, 21));
    }

    @Test
    void anEmptyLastPartIsSkipped() {
        assertEquals(List.of(new PartSpans.Span(0, 10, 2, 9)), PartSpans.of(new long[] {10, 10}, 2, 9));
    }
}
