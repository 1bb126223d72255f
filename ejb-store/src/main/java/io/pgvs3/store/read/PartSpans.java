package io.pgvs3.store.read;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A byte range of a multipart body as ranges of its part files. Part {@code i} holds the body's bytes
 * {@code [partEnds[i-1], partEnds[i])} (from 0 for the first part).
 */
public final class PartSpans {

    /**
     * @param part  index into the part list
     * @param size  the part file's size
     * @param first first wanted byte of the part file (inclusive)
     * @param last  last wanted byte of the part file (inclusive)
     */
    public record Span(int part, long size, long first, long last) {
    }

    private PartSpans() {
    }

    /** The parts that {@code [first, last]} of the body touches, in order, each clipped to the range. */
    public static List<Span> of(long[] partEnds, long first, long last) {
        List<Span> spans = new ArrayList<>();
        int i = Arrays.binarySearch(partEnds, first);
        // the first part whose end lies beyond first
        i = i >= 0 ? i + 1 : -i - 1;
        for (; i < partEnds.length; i++) {
            long start = i == 0 ? 0 : partEnds[i - 1];
            if (start > last) {
                break;
            }
            long from = Math.max(first, start);
            long to = Math.min(last, partEnds[i] - 1);
            if (from <= to) {
                spans.add(new Span(i, partEnds[i] - start, from - start, to - start));
            }
        }
        return spans;
    }
}
