package io.pgvs3.bench.http;

import java.io.IOException;
import java.io.OutputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A request body written straight to the socket, so a 1 GiB PUT never needs a 1 GiB array in the
 * client (which shares its heap with every other worker).
 */
public interface Body {
    long length();

    void writeTo(OutputStream out) throws IOException;

    /** Its SHA-256 in hex (the x-amz-content-sha256 of a signed PUT); callers compute it once per body. */
    default String sha256Hex() {
        try (DigestOutputStream digest = new DigestOutputStream(OutputStream.nullOutputStream(),
                MessageDigest.getInstance("SHA-256"))) {
            writeTo(digest);
            return Hex.of(digest.getMessageDigest().digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot hash a body in memory", e);
        }
    }

    static Body of(byte[] bytes) {
        return new Body() {
            @Override
            public long length() {
                return bytes.length;
            }

            @Override
            public void writeTo(OutputStream out) throws IOException {
                out.write(bytes);
            }
        };
    }
}
