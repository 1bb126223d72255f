package io.pgvs3.store.write;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * MD5 (the ETag) and SHA-256 (stored integrity digest) of a body, computed in the streaming pass; MD5
 * through an {@link Md5Lane}, which may compute it on a worker thread.
 */
public final class BodyDigests {

    private final Md5Lane md5;
    private final MessageDigest sha256;
    private long bytes;

    /** Both digests on the caller's thread. */
    BodyDigests() {
        this(Md5Lane.onCallerThread());
    }

    BodyDigests(Md5Lane md5) {
        this.md5 = md5;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    /** Bytes the caller keeps: both digests now, on this thread. */
    void update(byte[] b, int off, int len) {
        md5.digestNow(b, off, len);
        sha256.update(b, off, len);
        bytes += len;
    }

    /** A buffer for {@link #updateHandedOver}: filled by the caller, then never written again. */
    byte[] buffer() {
        return md5.buffer();
    }

    /** The first {@code len} bytes of a {@link #buffer()}: MD5 on the lane, SHA-256 here meanwhile. */
    void updateHandedOver(byte[] buffer, int len) {
        md5.digest(buffer, len);
        sha256.update(buffer, 0, len);
        bytes += len;
    }

    long bytes() {
        return bytes;
    }

    /** Finishes both digests; call once. */
    Result finish() {
        return new Result(bytes, md5.finish(), sha256.digest());
    }

    /** Stops a worker still digesting an abandoned body. */
    void abandon() {
        md5.close();
    }

    public record Result(long size, byte[] md5, byte[] sha256) {

        /** The unquoted ETag: lowercase hex MD5. */
        public String etag() {
            return java.util.HexFormat.of().formatHex(md5);
        }
    }
}
