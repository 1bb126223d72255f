package io.pgvs3.store.read;

import io.pgvs3.store.read.PiecePlan.Piece;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A piece assembled from cached blocks {@code firstBlock..}: each block's slice within the piece's
 * wanted bytes, in order. The arrays are the cache's own and are never changed, so nothing is copied
 * and nothing is given back.
 */
record CachedPiece(Piece piece, long firstBlock, byte[][] blocks) implements PieceBytes {

    @Override
    public void writeTo(OutputStream out) throws IOException {
        long from = piece.firstByte();
        long end = from + piece.bytes();
        for (int i = 0; i < blocks.length; i++) {
            long start = (firstBlock + i) * PieceCache.BLOCK_BYTES;
            int off = (int) (Math.max(from, start) - start);
            int stop = (int) (Math.min(end, start + blocks[i].length) - start);
            out.write(blocks[i], off, stop - off);
        }
    }

    @Override
    public void release() {
        // the blocks belong to the cache
    }
}
