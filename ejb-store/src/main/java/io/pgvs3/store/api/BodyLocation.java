package io.pgvs3.store.api;

/**
 * Where an object's bytes live: inline in its row, in one immutable chunked file, or in an ordered
 * list of immutable part files (a completed multipart upload). The web layer treats it as opaque and
 * hands it back to {@link ObjectStore#readBody}; because files are immutable and never reused, a read
 * by location returns exactly the bytes that the metadata described, even if the key is overwritten
 * meanwhile.
 *
 * @param inlineData the body when it is stored inline and was requested, else null
 * @param fileId     the chunked file (the first part of a multipart body), or 0 for inline bodies
 * @param parts      multipart bodies: the part files in order, else null
 * @param partEnds   multipart bodies: the exclusive end offset of each part in the body, else null
 */
public record BodyLocation(byte[] inlineData, long fileId, long[] parts, long[] partEnds) {

    public BodyLocation(byte[] inlineData, long fileId) {
        this(inlineData, fileId, null, null);
    }

    public boolean isInline() {
        return fileId == 0;
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
