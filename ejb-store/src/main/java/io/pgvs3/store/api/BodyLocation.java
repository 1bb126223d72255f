package io.pgvs3.store.api;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Where an object's bytes live: inline in its row, in one immutable chunked file, or in an ordered
 * list of immutable part files (a completed multipart upload). The web layer treats it as opaque and
 * hands it back to {@link ObjectStore#readBody}; because files are immutable and never reused, a read
 * by location returns exactly the bytes that the metadata described, even if the key is overwritten
 * meanwhile.
 *
 * A body not stored here at all, in an origin-backed bucket, is {@link #atOrigin()}: its bytes are read
 * from the origin by range. A body still {@link #arriving() arriving} (a fill's download, ADR 51) is
 * served as it comes, while the store publishes it.
 *
 * @param inlineData the body when it is stored inline and was requested, else null
 * @param fileId     the chunked file (the first part of a multipart body), 0 for inline bodies, -1 for a
 *                   body at the origin, -2 for an arriving one
 * @param parts      multipart bodies: the part files in order, else null
 * @param partEnds   multipart bodies: the exclusive end offset of each part in the body, else null
 * @param arriving   a body that is still arriving, else null
 */
public record BodyLocation(byte[] inlineData, long fileId, long[] parts, long[] partEnds, Arriving arriving) {

    /**
     * A body the store serves while it arrives from elsewhere; callers hand it back to {@link
     * ObjectStore#readBody} like any other location.
     */
    public interface Arriving {
        /**
         * Writes {@code range} of the body to {@code out} as its bytes arrive.
         *
         * @return false when the body is no longer held: its arrival ended before this read began
         */
        boolean copyTo(ByteRange range, OutputStream out) throws IOException;
    }

    public BodyLocation(byte[] inlineData, long fileId, long[] parts, long[] partEnds) {
        this(inlineData, fileId, parts, partEnds, null);
    }

    public BodyLocation(byte[] inlineData, long fileId) {
        this(inlineData, fileId, null, null);
    }

    private static final long AT_ORIGIN = -1;
    private static final long ARRIVING = -2;

    /** A body served as it arrives, and published here once it has (ADR 51). */
    public static BodyLocation arriving(Arriving body) {
        return new BodyLocation(null, ARRIVING, null, null, body);
    }

    /** A body read from the origin of an origin-backed bucket, range by range, never stored here. */
    public static BodyLocation atOrigin() {
        return new BodyLocation(null, AT_ORIGIN);
    }

    public boolean isInline() {
        return fileId == 0;
    }

    public boolean isAtOrigin() {
        return fileId == AT_ORIGIN;
    }

    public boolean isArriving() {
        return fileId == ARRIVING;
    }

    public boolean isMultipart() {
        return parts != null;
    }

    /** How many parts {@code GET ?partNumber} knows: a body that was not uploaded in parts is one part. */
    public int partCount() {
        return parts == null ? 1 : parts.length;
    }

    /**
     * The bytes of part {@code partNumber} (1-based) of a body of {@code size} bytes, or null when that
     * part is empty.
     *
     * @throws IllegalArgumentException the part does not exist
     */
    public ByteRange partRange(int partNumber, long size) {
        if (partNumber < 1 || partNumber > partCount()) {
            throw new IllegalArgumentException("no part " + partNumber + " in a body of " + partCount() + " parts");
        }
        long start = parts == null || partNumber == 1 ? 0 : partEnds[partNumber - 2];
        long end = parts == null ? size : partEnds[partNumber - 1];
        return end > start ? new ByteRange(start, end - 1) : null;
    }
}
