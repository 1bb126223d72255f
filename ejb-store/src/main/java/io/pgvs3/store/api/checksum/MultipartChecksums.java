package io.pgvs3.store.api.checksum;

import java.io.ByteArrayOutputStream;
import java.util.List;

/**
 * The object checksum of a completed multipart upload, from its parts' checksums in part order.
 * S3 offers two kinds: FULL_OBJECT (CRCs only) is the CRC of the whole object, combined from the
 * part CRCs and lengths without reading a byte; COMPOSITE (any algorithm) is the checksum of the
 * concatenated raw part checksums, written {@code <base64>-<number of parts>}.
 */
public final class MultipartChecksums {

    /** S3's part-number limit. */
    public static final int MAX_PARTS = 10_000;

    private MultipartChecksums() {
    }

    /** @throws IllegalArgumentException for SHA1/SHA256, an empty list or a digest of the wrong length */
    public static ObjectChecksum fullObject(ChecksumAlgorithm algorithm, List<PartChecksum> parts) {
        if (!algorithm.isCrc()) {
            throw new IllegalArgumentException("The FULL_OBJECT checksum type cannot be used with " + algorithm);
        }
        requireParts(parts);
        byte[] crc = parts.get(0).digest();
        for (int i = 1; i < parts.size(); i++) {
            PartChecksum part = parts.get(i);
            crc = Checksums.combineCrc(algorithm, crc, part.digest(), part.length());
        }
        return ObjectChecksum.fullObject(algorithm, crc);
    }

    /** @throws IllegalArgumentException for an empty list, too many parts or a digest of the wrong length */
    public static ObjectChecksum composite(ChecksumAlgorithm algorithm, List<PartChecksum> parts) {
        requireParts(parts);
        ByteArrayOutputStream concatenated = new ByteArrayOutputStream(parts.size() * algorithm.length());
        for (PartChecksum part : parts) {
            byte[] digest = part.digest();
            if (digest.length != algorithm.length()) {
                throw new IllegalArgumentException("a " + algorithm + " part checksum has " + algorithm.length()
                        + " bytes");
            }
            concatenated.writeBytes(digest);
        }
        String value = Checksums.base64(algorithm.digest(concatenated.toByteArray())) + "-" + parts.size();
        return new ObjectChecksum(algorithm, ChecksumType.COMPOSITE, value);
    }

    private static void requireParts(List<PartChecksum> parts) {
        if (parts == null || parts.isEmpty() || parts.size() > MAX_PARTS) {
            throw new IllegalArgumentException("a multipart upload has 1 to " + MAX_PARTS + " parts");
        }
    }
}
