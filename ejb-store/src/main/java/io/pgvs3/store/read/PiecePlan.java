package io.pgvs3.store.read;

import io.pgvs3.store.chunk.ChunkFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * A read of one or more file spans as balanced pieces: each piece is a row range of one file, fetched
 * by one query into one buffer. The piece size grows with the read (an eighth of it, so a large read
 * keeps eight workers busy) between {@link #MIN_PIECE} and {@link #MAX_PIECE}; pieces of one file span
 * differ by at most one row.
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
        long total = spans.stream().mapToLong(s -> s.plan().length()).sum();
        return of(spans, Math.min(MAX_PIECE, Math.max(MIN_PIECE, total / 8)));
    }

    /** Pieces of about {@code targetBytes} (at least one row) each. */
    public static List<Piece> of(List<FileSpan> spans, long targetBytes) {
        long targetRows = Math.max(1, targetBytes / ChunkFormat.BLOCK);
        List<Piece> pieces = new ArrayList<>();
        for (FileSpan span : spans) {
            RangePlan plan = span.plan();
            if (plan.isEmpty()) {
                continue;
            }
            long rows = plan.rowCount();
            long count = (rows + targetRows - 1) / targetRows;
            long row = plan.firstRow();
            for (long k = 0; k < count; k++) {
                // the first (rows % count) pieces take one row more
                long size = rows / count + (k < rows % count ? 1 : 0);
                pieces.add(new Piece(span.fileId(), plan, row, row + size - 1));
                row += size;
            }
        }
        return List.copyOf(pieces);
    }
}
