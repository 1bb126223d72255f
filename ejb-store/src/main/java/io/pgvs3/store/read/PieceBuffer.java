package io.pgvs3.store.read;

import java.io.IOException;
import java.io.OutputStream;

/** A piece's bytes in slabs of a {@link SlabPool}, placed by offset as rows arrive in any order. */
final class PieceBuffer implements ChunkReader.PieceTarget, PieceSource, PieceBytes {

    private final SlabPool pool;
    private final int length;
    private final byte[][] slabs;

    PieceBuffer(SlabPool pool, int length) {
        this.pool = pool;
        this.length = length;
        this.slabs = new byte[(length + SlabPool.SLAB - 1) / SlabPool.SLAB][];
        for (int i = 0; i < slabs.length; i++) {
            slabs[i] = pool.take();
        }
    }

    @Override
    public void put(int at, byte[] src, int off, int len) {
        copy(at, src, off, len, true);
    }

    @Override
    public void copyOut(int at, byte[] dst, int off, int len) {
        copy(at, dst, off, len, false);
    }

    /** Copies {@code len} bytes between the piece (from {@code at}) and {@code other} (from {@code off}). */
    private void copy(int at, byte[] other, int off, int len, boolean intoPiece) {
        while (len > 0) {
            int slab = at / SlabPool.SLAB;
            int inSlab = at % SlabPool.SLAB;
            int n = Math.min(len, SlabPool.SLAB - inSlab);
            if (intoPiece) {
                System.arraycopy(other, off, slabs[slab], inSlab, n);
            } else {
                System.arraycopy(slabs[slab], inSlab, other, off, n);
            }
            at += n;
            off += n;
            len -= n;
        }
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        for (int i = 0; i < slabs.length; i++) {
            out.write(slabs[i], 0, Math.min(SlabPool.SLAB, length - i * SlabPool.SLAB));
        }
    }

    /** Gives the slabs back. */
    @Override
    public void release() {
        for (int i = 0; i < slabs.length; i++) {
            pool.give(slabs[i]);
            slabs[i] = null;
        }
    }
}
