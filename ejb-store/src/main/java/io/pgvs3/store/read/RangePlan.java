package io.pgvs3.store.read;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.chunk.ChunkFormat;

/**
 * A byte range of a chunked file as row arithmetic: rows {@code first/8120 .. last/8120}, each row
 * clipped to the requested bytes ({@link PiecePlan} cuts the rows into pieces).
 *
 * @param size  the file's size
 * @param first first byte wanted (inclusive)
 * @param last  last byte wanted (inclusive); {@code last < first} only for an empty plan
 */
public record RangePlan(long size, long first, long last) {

    /**
     * @param range null for the whole body
     * @throws IllegalArgumentException the range does not lie within the body
     */
    public static RangePlan of(long size, ByteRange range) {
        if (range == null) {
            return new RangePlan(size, 0, size - 1);
        }
        if (range.last() >= size) {
            throw new IllegalArgumentException("range " + range.first() + "-" + range.last()
                    + " lies outside a body of " + size + " bytes");
        }
        return new RangePlan(size, range.first(), range.last());
    }

    public boolean isEmpty() {
        return last < first;
    }

    public long length() {
        return isEmpty() ? 0 : last - first + 1;
    }

    public long firstRow() {
        return first / ChunkFormat.BLOCK;
    }

    public long lastRow() {
        return last / ChunkFormat.BLOCK;
    }

    public long rowCount() {
        return isEmpty() ? 0 : lastRow() - firstRow() + 1;
    }

    /** Logical length of {@code row} (the last row of a file may be short). */
    public int rowLength(long row) {
        return ChunkFormat.logicalLength(size, row);
    }

    /** Offset inside {@code row} of the first wanted byte. */
    public int sliceStart(long row) {
        long rowStart = row * ChunkFormat.BLOCK;
        return (int) (Math.max(first, rowStart) - rowStart);
    }

    /** Offset inside {@code row} just past the last wanted byte. */
    public int sliceEnd(long row) {
        long rowStart = row * ChunkFormat.BLOCK;
        return (int) (Math.min(last + 1, rowStart + rowLength(row)) - rowStart);
    }
}
