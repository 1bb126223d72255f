package io.pgvs3.store.read;

/** A fetched piece's bytes, read by offset within the piece (to copy whole blocks into the cache). */
@FunctionalInterface
interface PieceSource {

    void copyOut(int at, byte[] dst, int off, int len);
}
