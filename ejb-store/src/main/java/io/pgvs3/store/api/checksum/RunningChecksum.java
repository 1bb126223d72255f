package io.pgvs3.store.api.checksum;

/** A checksum being computed over a stream of bytes. Not thread-safe; {@link #digest} ends it. */
public interface RunningChecksum {

    ChecksumAlgorithm algorithm();

    void update(byte[] bytes, int offset, int length);

    /** The raw digest (big-endian for CRCs, as S3 encodes them); call once. */
    byte[] digest();
}
