package io.pgvs3.store.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.read.PiecePlan.FileSpan;
import io.pgvs3.store.read.PiecePlan.Piece;
import java.util.List;
import org.junit.jupiter.api.Test;

class PiecePlanTest {

    private static final long MIB = 1 << 20;

    @Test
    void piecesCoverEverySpanInOrderExactlyOnce() {
        List<FileSpan> spans = List.of(
                new FileSpan(7, RangePlan.of(10 * MIB, new ByteRange(5000, 10 * MIB - 1))),
                new FileSpan(9, RangePlan.of(3 * MIB + 17, null)),
                new FileSpan(11, RangePlan.of(100, new ByteRange(3, 3))));
        List<Piece> pieces = PiecePlan.of(spans);
        long bytes = 0;
        int at = 0;
        for (FileSpan span : spans) {
            long nextRow = span.plan().firstRow();
            long nextByte = span.plan().first();
            for (; at < pieces.size() && pieces.get(at).fileId() == span.fileId(); at++) {
                Piece piece = pieces.get(at);
                assertEquals(nextRow, piece.firstRow());
                assertEquals(nextByte, piece.firstByte());
                nextRow = piece.lastRow() + 1;
                nextByte += piece.bytes();
                bytes += piece.bytes();
            }
            assertEquals(span.plan().lastRow() + 1, nextRow, "file " + span.fileId() + " covered to its end");
            assertEquals(span.plan().last() + 1, nextByte);
        }
        assertEquals(pieces.size(), at);
        assertEquals(spans.stream().mapToLong(s -> s.plan().length()).sum(), bytes);
    }

    @Test
    void pieceSizeIsAnEighthOfTheReadWithinItsBounds() {
        assertEquals(PiecePlan.MIN_PIECE, pieceTarget(4 * MIB));
        assertEquals(32 * MIB / 8, pieceTarget(32 * MIB));
        assertEquals(PiecePlan.MAX_PIECE, pieceTarget(1024 * MIB));
    }

    @Test
    void piecesOfOneSpanAreBalanced() {
        // 130 rows at a 129-row target: two pieces of 65, not 129 and 1
        RangePlan plan = RangePlan.of(130L * ChunkFormat.BLOCK, null);
        List<Piece> pieces = PiecePlan.of(List.of(new FileSpan(1, plan)), PiecePlan.MIN_PIECE);
        assertEquals(List.of(65, 65), pieces.stream().map(Piece::rows).toList());
        List<Piece> uneven = PiecePlan.of(List.of(new FileSpan(1, RangePlan.of(1000L * ChunkFormat.BLOCK, null))),
                PiecePlan.MIN_PIECE);
        int min = uneven.stream().mapToInt(Piece::rows).min().orElseThrow();
        int max = uneven.stream().mapToInt(Piece::rows).max().orElseThrow();
        assertTrue(max - min <= 1, "rows " + min + ".." + max);
    }

    @Test
    void emptySpansHaveNoPieces() {
        assertEquals(List.of(), PiecePlan.of(List.of(new FileSpan(1, RangePlan.of(0, null)))));
    }

    /** The piece size the plan used: as many pieces as rows divided by that size's rows, rounded up. */
    private static long pieceTarget(long size) {
        RangePlan plan = RangePlan.of(size, null);
        List<Piece> pieces = PiecePlan.of(List.of(new FileSpan(1, plan)));
        for (long target : new long[] {PiecePlan.MIN_PIECE, size / 8, PiecePlan.MAX_PIECE}) {
            long rows = target / ChunkFormat.BLOCK;
            if (pieces.size() == (plan.rowCount() + rows - 1) / rows
                    && pieces.stream().allMatch(p -> p.rows() <= rows)) {
                return target;
            }
        }
        throw new AssertionError(pieces.size() + " pieces fit no expected piece size");
    }

    @Test
    void alignedPiecesStartOnWholeBlocksExceptAtTheSpanEdges() {
        // rows 5..2000 of a file: the first piece starts at row 5, every other on a multiple of 32
        long size = 2001L * ChunkFormat.BLOCK + 100;
        RangePlan plan = RangePlan.of(size, new ByteRange(5L * ChunkFormat.BLOCK + 9, 2000L * ChunkFormat.BLOCK + 3));
        List<Piece> pieces = PiecePlan.aligned(List.of(new FileSpan(1, plan)), PieceCache.BLOCK_ROWS);
        assertTrue(pieces.size() > 1);
        assertEquals(5, pieces.get(0).firstRow());
        assertEquals(2000, pieces.get(pieces.size() - 1).lastRow());
        for (int i = 1; i < pieces.size(); i++) {
            assertEquals(0, pieces.get(i).firstRow() % PieceCache.BLOCK_ROWS, "piece " + i);
            assertEquals(pieces.get(i - 1).lastRow() + 1, pieces.get(i).firstRow());
        }
        assertEquals(plan.length(), pieces.stream().mapToLong(Piece::bytes).sum());
    }
}
