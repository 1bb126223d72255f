package io.pgvs3.store.read;

import io.pgvs3.store.chunk.ChunkFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * A read of one or more file spans as balanced pieces: each piece is a row range of one file, fetched
 * by one query into one buffer. The piece size grows with the read (an eighth of it, so a large read
 * keeps eight workers busy) between {@link #MIN_PIECE} and {@link #MAX_PIECE}; pieces of one file span
 * differ by at most one row (or one unit of rows, see {@link #aligned}).
 */
public final class PiecePlan {

    public static final int MIN_PIECE = 1 << 20;
    public static final int MAX_PIECE = 8 << 20;

    /** A byte range of one chunked file. */
    public record FileSpan(long fileId, RangePlan plan) {
    }

    /**
     * Rows {@code firstRow..lastRow} of a file span: the wanted bytes of those rows, in order, are the
     * piece's {@link #bytes()} bytes.
     */
    public record Piece(long fileId, RangePlan plan, long firstRow, long lastRow) {

        public int rows() {
            return Math.toIntExact(lastRow - firstRow + 1);
        }

        /** Offset of the first wanted byte of the piece in its file. */
        public long firstByte() {
            return Math.max(plan.first(), firstRow * ChunkFormat.BLOCK);
        }

        public int bytes() {
            long end = Math.min(plan.last() + 1, (lastRow + 1) * ChunkFormat.BLOCK);
            return Math.toIntExact(end - firstByte());
        }
    }

    private PiecePlan() {
    }

    /** Pieces of an eighth of the read, within {@link #MIN_PIECE} and {@link #MAX_PIECE}. */
    public static List<Piece> of(List<FileSpan> spans) {
        return aligned(spans, 1);
    }

    /**
     * As {@link #of(List)}, but pieces start and end on multiples of {@code unitRows} rows of their file
     * (except at the span's edges) and differ by at most one unit: the read cache's whole blocks.
     */
    public static List<Piece> aligned(List<FileSpan> spans, int unitRows) {
        long total = spans.stream().mapToLong(s -> s.plan().length()).sum();
        return cut(spans, Math.min(MAX_PIECE, Math.max(MIN_PIECE, total / 8)), unitRows);
    }

    /** Pieces of about {@code targetBytes} (at least one row) each. */
    public static List<Piece> of(List<FileSpan> spans, long targetBytes) {
        return cut(spans, targetBytes, 1);
    }

    private static List<Piece> cut(List<FileSpan> spans, long targetBytes, int unitRows) {
        long targetUnits = Math.max(1, targetBytes / ((long) unitRows * ChunkFormat.BLOCK));
        List<Piece> pieces = new ArrayList<>();
        for (FileSpan span : spans) {
            RangePlan plan = span.plan();
            if (plan.isEmpty()) {
                continue;
            }
            long firstUnit = plan.firstRow() / unitRows;
            long units = plan.lastRow() / unitRows - firstUnit + 1;
            long count = (units + targetUnits - 1) / targetUnits;
            long unit = firstUnit;
            for (long k = 0; k < count; k++) {
                // the first (units % count) pieces take one unit more
                long size = units / count + (k < units % count ? 1 : 0);
                long first = Math.max(plan.firstRow(), unit * unitRows);
                long last = Math.min(plan.lastRow(), (unit + size) * unitRows - 1);
                pieces.add(new Piece(span.fileId(), plan, first, last));
                unit += size;
            }
        }
        return List.copyOf(pieces);
    }
}
