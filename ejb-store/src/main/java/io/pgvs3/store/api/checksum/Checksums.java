package io.pgvs3.store.api.checksum;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** Encodings S3 uses for checksums, MD5 helpers, and the CRC combination of two byte runs. */
public final class Checksums {

    private static final CrcCombiner CRC32 = new CrcCombiner(32, 0xEDB88320L);
    private static final CrcCombiner CRC32C = new CrcCombiner(32, 0x82F63B78L);
    private static final CrcCombiner CRC64NVME = new CrcCombiner(64, Crc64Nvme.POLY);

    private Checksums() {
    }

    /** Standard base64 with padding, as in {@code x-amz-checksum-*} and {@code Content-MD5}. */
    public static String base64(byte[] digest) {
        return Base64.getEncoder().encodeToString(digest);
    }

    /**
     * The raw digest of a base64 wire value, or null when it is not valid base64 of exactly {@code
     * algorithm.length()} bytes (S3 then answers InvalidRequest, not BadDigest).
     */
    public static byte[] decode(ChecksumAlgorithm algorithm, String value) {
        if (value == null) {
            return null;
        }
        String text = value.trim();
        try {
            byte[] raw = Base64.getDecoder().decode(text);
            // the canonical, padded form only: Java's decoder also takes unpadded input
            return raw.length == algorithm.length() && base64(raw).equals(text) ? raw : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A fresh MD5 (the ETag of a single-part object and the {@code Content-MD5} digest). */
    public static MessageDigest newMd5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks MD5", e);
        }
    }

    public static byte[] md5(byte[] bytes) {
        return newMd5().digest(bytes);
    }

    /** A {@code Content-MD5} value decoded, or null unless it is base64 of exactly 16 bytes. */
    public static byte[] decodeMd5(String contentMd5) {
        if (contentMd5 == null) {
            return null;
        }
        try {
            byte[] raw = Base64.getDecoder().decode(contentMd5.trim());
            return raw.length == 16 ? raw : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The CRC of A followed by B from the CRCs of A and B (raw big-endian, as S3 encodes them) and
     * the length of B: how a full-object CRC is built from part CRCs without reading the parts.
     *
     * @throws IllegalArgumentException for SHA1/SHA256, which cannot be combined
     */
    public static byte[] combineCrc(ChecksumAlgorithm algorithm, byte[] crcA, byte[] crcB, long lengthB) {
        CrcCombiner combiner = switch (algorithm) {
            case CRC32 -> CRC32;
            case CRC32C -> CRC32C;
            case CRC64NVME -> CRC64NVME;
            default -> throw new IllegalArgumentException(algorithm + " checksums cannot be combined");
        };
        return bigEndian(combiner.combine(fromBigEndian(crcA, algorithm), fromBigEndian(crcB, algorithm), lengthB),
                algorithm.length());
    }

    static byte[] bigEndian(long value, int length) {
        byte[] out = new byte[length];
        for (int i = length - 1; i >= 0; i--) {
            out[i] = (byte) value;
            value >>>= 8;
        }
        return out;
    }

    private static long fromBigEndian(byte[] bytes, ChecksumAlgorithm algorithm) {
        if (bytes == null || bytes.length != algorithm.length()) {
            throw new IllegalArgumentException("a " + algorithm + " value has " + algorithm.length() + " bytes");
        }
        long value = 0;
        for (byte b : bytes) {
            value = value << 8 | (b & 0xff);
        }
        return value;
    }
}
