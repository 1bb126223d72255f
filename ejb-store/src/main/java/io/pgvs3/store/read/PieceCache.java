package io.pgvs3.store.read;

import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.read.PiecePlan.Piece;
import io.pgvs3.store.read.cache.BlockKey;
import io.pgvs3.store.read.cache.ReadCache;
import java.util.List;

/**
 * The read cache as pieces see it: blocks of 32 rows of a file. A piece is served from the cache only
 * when every block it touches is there; a piece fetched from PostgreSQL stores the blocks it covers
 * whole (the file's last block may be short). Callers consult it only after reading the object's
 * metadata in the same request, so a file id they ask for is one the object references now.
 */
final class PieceCache {

    static final int BLOCK_ROWS = 32;
    static final int BLOCK_BYTES = BLOCK_ROWS * ChunkFormat.BLOCK;

    private final ReadCache cache;

    PieceCache(ReadCache cache) {
        this.cache = cache;
    }

    /** Rows that pieces align to: whole blocks while the cache is on. */
    int unitRows() {
        return cache.enabled() ? BLOCK_ROWS : 1;
    }

    /** Whether every piece could be served from the cache now (counts no read). */
    boolean holdsAll(Namespace ns, List<Piece> pieces) {
        if (!usable(ns)) {
            return false;
        }
        for (Piece piece : pieces) {
            for (long b = firstBlock(piece); b <= lastBlock(piece); b++) {
                if (!cache.contains(key(ns, piece, b))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The piece from cached blocks, or null unless all of them are cached. */
    CachedPiece lookup(Namespace ns, Piece piece) {
        if (!usable(ns)) {
            return null;
        }
        long first = firstBlock(piece);
        byte[][] blocks = new byte[Math.toIntExact(lastBlock(piece) - first + 1)][];
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = cache.get(key(ns, piece, first + i));
            if (blocks[i] == null) {
                return null;
            }
        }
        cache.hit(piece.bytes());
        return new CachedPiece(piece, first, blocks);
    }

    /** Records a piece fetched from PostgreSQL and stores the blocks it covers whole. */
    void fill(Namespace ns, Piece piece, PieceSource bytes) {
        if (!usable(ns)) {
            return;
        }
        cache.miss(piece.bytes());
        long from = piece.firstByte();
        long end = from + piece.bytes();
        for (long b = firstBlock(piece); b <= lastBlock(piece); b++) {
            long start = b * BLOCK_BYTES;
            long stop = Math.min(piece.plan().size(), start + BLOCK_BYTES);
            BlockKey key = key(ns, piece, b);
            if (start >= from && stop <= end && !cache.contains(key)) {
                byte[] block = new byte[(int) (stop - start)];
                bytes.copyOut((int) (start - from), block, 0, block.length);
                cache.put(key, block);
            }
        }
    }

    private boolean usable(Namespace ns) {
        return cache.enabled() && ns.objectsOid() != 0;
    }

    private static BlockKey key(Namespace ns, Piece piece, long block) {
        return new BlockKey(ns.objectsOid(), piece.fileId(), block);
    }

    private static long firstBlock(Piece piece) {
        return piece.firstRow() / BLOCK_ROWS;
    }

    private static long lastBlock(Piece piece) {
        return piece.lastRow() / BLOCK_ROWS;
    }
}
