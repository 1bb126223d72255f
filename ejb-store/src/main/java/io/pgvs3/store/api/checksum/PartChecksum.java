package io.pgvs3.store.api.checksum;

/**
 * One part's checksum as its UploadPart verified it, with the part's length in bytes.
 *
 * @param digest the raw digest (4 or 8 big-endian bytes for CRCs, 20 or 32 for SHA1/SHA256)
 */
public record PartChecksum(byte[] digest, long length) {

    public PartChecksum {
        if (digest == null || length < 0) {
            throw new IllegalArgumentException("a part checksum needs a digest and a length >= 0");
        }
        digest = digest.clone();
    }

    @Override
    public byte[] digest() {
        return digest.clone();
    }
}
