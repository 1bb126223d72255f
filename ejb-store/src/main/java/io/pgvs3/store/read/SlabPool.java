package io.pgvs3.store.read;

import java.util.concurrent.ArrayBlockingQueue;

/**
 * Reusable 256 KiB buffers for pieces in flight. A piece waits in the window while earlier ones are
 * written, so fresh piece arrays would survive young collections and be copied into the old
 * generation; slabs taken back here skip that allocation and copying. At most {@code retained} slabs
 * are kept; the rest are left to the collector.
 */
final class SlabPool {

    static final int SLAB = 256 << 10;

    private final ArrayBlockingQueue<byte[]> free;

    SlabPool(int retained) {
        this.free = new ArrayBlockingQueue<>(Math.max(1, retained));
    }

    byte[] take() {
        byte[] slab = free.poll();
        return slab != null ? slab : new byte[SLAB];
    }

    void give(byte[] slab) {
        free.offer(slab);
    }
}
