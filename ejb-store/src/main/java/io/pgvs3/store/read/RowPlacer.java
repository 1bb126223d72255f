package io.pgvs3.store.read;

import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.read.PiecePlan.Piece;
import java.io.IOException;
import java.util.BitSet;

/**
 * Places the rows of one piece, in whatever order they arrive, at their offsets in the piece's target:
 * raw rows are copied, shorter ones are Zstd blocks and decoded first (the stored length tells). Every
 * row of the piece must arrive exactly once with a valid length.
 */
final class RowPlacer implements AutoCloseable {

    private final Piece piece;
    private final ChunkReader.PieceTarget out;
    private final BitSet arrived;
    private final BlockCodec codec = BlockCodec.pooled();
    private byte[] block;

    RowPlacer(Piece piece, ChunkReader.PieceTarget out) {
        this.piece = piece;
        this.out = out;
        this.arrived = new BitSet(piece.rows());
    }

    /** Row {@code no}, stored as {@code storedLength} bytes of {@code stored} from {@code offset}. */
    void place(int no, byte[] stored, int offset, int storedLength) throws IOException {
        if (no < piece.firstRow() || no > piece.lastRow() || arrived.get(Math.toIntExact(no - piece.firstRow()))) {
            throw new IOException("row " + no + " of chunked file " + piece.fileId() + " is outside rows "
                    + piece.firstRow() + ".." + piece.lastRow() + " or arrived twice");
        }
        RangePlan plan = piece.plan();
        int logical = plan.rowLength(no);
        int start = plan.sliceStart(no);
        int length = plan.sliceEnd(no) - start;
        int at = Math.toIntExact((long) no * ChunkFormat.BLOCK + start - piece.firstByte());
        if (storedLength == logical) {
            out.put(at, stored, offset + start, length);
        } else if (storedLength > logical) {
            throw new IOException("row " + no + " of chunked file " + piece.fileId() + " holds " + storedLength
                    + " bytes, more than its " + logical);
        } else {
            block = block != null ? block : new byte[ChunkFormat.BLOCK];
            codec.decode(stored, offset, storedLength, logical, block);
            out.put(at, block, start, length);
        }
        arrived.set(Math.toIntExact(no - piece.firstRow()));
    }

    /** Fails unless every row of the piece arrived. */
    void requireAll() throws IOException {
        int missing = arrived.nextClearBit(0);
        if (missing < piece.rows()) {
            throw new MissingRowsException("chunked file " + piece.fileId() + " lacks row " + (piece.firstRow() + missing)
                    + "; it may have been reaped or the object changed");
        }
    }

    @Override
    public void close() {
        codec.close();
    }
}
