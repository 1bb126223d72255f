package io.pgvs3.store.read;

import java.io.IOException;
import java.io.OutputStream;

/** A piece's bytes in slabs of a {@link SlabPool}, placed by offset as rows arrive in any order. */
final class PieceBuffer implements ChunkReader.PieceTarget {

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
        while (len > 0) {
            int slab = at / SlabPool.SLAB;
            int inSlab = at % SlabPool.SLAB;
            int n = Math.min(len, SlabPool.SLAB - inSlab);
            System.arraycopy(src, off, slabs[slab], inSlab, n);
            at += n;
            off += n;
            len -= n;
        }
    }

    void writeTo(OutputStream out) throws IOException {
        for (int i = 0; i < slabs.length; i++) {
            out.write(slabs[i], 0, Math.min(SlabPool.SLAB, length - i * SlabPool.SLAB));
        }
    }

    /** Gives the slabs back; the buffer must not be used afterwards. */
    void release() {
        for (int i = 0; i < slabs.length; i++) {
            pool.give(slabs[i]);
            slabs[i] = null;
        }
    }
}
