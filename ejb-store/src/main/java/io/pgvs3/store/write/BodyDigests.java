package io.pgvs3.store.write;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** MD5 (the ETag) and SHA-256 (stored integrity digest) of a body, computed in the streaming pass. */
public final class BodyDigests {

    private final MessageDigest md5;
    private final MessageDigest sha256;
    private long bytes;

    BodyDigests() {
        try {
            md5 = MessageDigest.getInstance("MD5");
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks MD5 or SHA-256", e);
        }
    }

    void update(byte[] b, int off, int len) {
        md5.update(b, off, len);
        sha256.update(b, off, len);
        bytes += len;
    }

    long bytes() {
        return bytes;
    }

    /** Finishes both digests; call once. */
    Result finish() {
        return new Result(bytes, md5.digest(), sha256.digest());
    }

    public record Result(long size, byte[] md5, byte[] sha256) {

        /** The unquoted ETag: lowercase hex MD5. */
        public String etag() {
            return java.util.HexFormat.of().formatHex(md5);
        }
    }
}
