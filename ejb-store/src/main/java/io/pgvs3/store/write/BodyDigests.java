package io.pgvs3.store.write;

/**
 * MD5 (the ETag) and SHA-256 (stored integrity digest) of a body, computed in the streaming pass through
 * a {@link DigestLane}, which may compute them on a worker thread.
 */
public final class BodyDigests {

    private final DigestLane lane;
    private long bytes;

    /** Both digests on the caller's thread. */
    BodyDigests() {
        this(DigestLane.onCallerThread());
    }

    BodyDigests(DigestLane lane) {
        this.lane = lane;
    }

    /** Bytes the caller keeps: digested now, on this thread. */
    void update(byte[] b, int off, int len) {
        lane.digestNow(b, off, len);
        bytes += len;
    }

    /** A buffer for {@link #updateHandedOver}: filled by the caller, then never written again. */
    byte[] buffer() {
        return lane.buffer();
    }

    /** The first {@code len} bytes of a {@link #buffer()}, digested on the lane. */
    void updateHandedOver(byte[] buffer, int len) {
        lane.digest(buffer, len);
        bytes += len;
    }

    long bytes() {
        return bytes;
    }

    /** Finishes both digests; call once. */
    Result finish() {
        byte[][] digests = lane.finish();
        return new Result(bytes, digests[0], digests[1]);
    }

    /** Stops a worker still digesting an abandoned body. */
    void abandon() {
        lane.close();
    }

    public record Result(long size, byte[] md5, byte[] sha256) {

        /** The unquoted ETag: lowercase hex MD5. */
        public String etag() {
            return java.util.HexFormat.of().formatHex(md5);
        }
    }
}
