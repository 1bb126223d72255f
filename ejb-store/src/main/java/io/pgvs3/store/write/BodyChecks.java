package io.pgvs3.store.write;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.security.MessageDigest;

/**
 * What a streamed body must match before anything is published: its declared length, Content-MD5 and
 * signed SHA-256, each optional (-1 or null).
 */
public record BodyChecks(long declaredLength, byte[] expectedMd5, byte[] expectedSha256) {

    /** Length first, then Content-MD5, then the signed SHA-256; returns {@code body} when all hold. */
    public BodyDigests.Result verify(BodyDigests.Result body) {
        if (declaredLength >= 0 && body.size() != declaredLength) {
            throw ObjectWriter.incomplete("the body has " + body.size() + " bytes, " + declaredLength
                    + " were declared", null);
        }
        if (expectedMd5 != null && !MessageDigest.isEqual(expectedMd5, body.md5())) {
            throw new StoreException(StoreError.BAD_DIGEST, "the body does not match its Content-MD5");
        }
        if (expectedSha256 != null && !MessageDigest.isEqual(expectedSha256, body.sha256())) {
            throw new StoreException(StoreError.SHA256_MISMATCH, "the body does not match its signed SHA-256");
        }
        return body;
    }
}
