package io.pgvs3.store.chunk;

/** Constants of the chunk rows: one row fills one 8 KiB heap page (see the layout DDL). */
public final class ChunkFormat {

    /** Logical bytes per row; row {@code no} holds {@code [no*8120, (no+1)*8120)}. */
    public static final int BLOCK = 8120;

    /** Rows are numbered by int4, so a file holds at most 2^31 blocks. */
    public static final long MAX_FILE_BYTES = (1L << 31) * BLOCK;

    /** Bodies up to this size are stored inline in the object row. */
    public static final int INLINE_MAX = io.pgvs3.store.api.ObjectStore.INLINE_MAX;

    private ChunkFormat() {
    }

    /** The logical length of row {@code no} of a file of {@code size} bytes. */
    public static int logicalLength(long size, long no) {
        return (int) Math.min(BLOCK, size - no * BLOCK);
    }
}
