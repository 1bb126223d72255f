package io.pgvs3.store.api.checksum;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.zip.Checksum;

/** The additional checksum algorithms of S3, with their wire names, header names and digest lengths. */
public enum ChecksumAlgorithm {
    CRC32(4, true, java.util.zip.CRC32::new),
    CRC32C(4, true, java.util.zip.CRC32C::new),
    CRC64NVME(8, true, Crc64Nvme::new),
    SHA1(20, false, null),
    SHA256(32, false, null);

    private static final String HEADER_PREFIX = "x-amz-checksum-";

    private final int length;
    private final boolean crc;
    private final Supplier<Checksum> crcFactory;

    ChecksumAlgorithm(int length, boolean crc, Supplier<Checksum> crcFactory) {
        this.length = length;
        this.crc = crc;
        this.crcFactory = crcFactory;
    }

    /** Digest length in bytes. */
    public int length() {
        return length;
    }

    /** CRCs can be combined into a full-object checksum of a multipart upload; digests cannot. */
    public boolean isCrc() {
        return crc;
    }

    /** {@code x-amz-checksum-crc32} and so on (lower case). */
    public String headerName() {
        return HEADER_PREFIX + name().toLowerCase(Locale.ROOT);
    }

    /** The algorithm of {@code CRC32}, {@code crc32c}, ... (case-insensitive); null when S3 has no such name. */
    public static ChecksumAlgorithm fromWireName(String name) {
        if (name == null) {
            return null;
        }
        String upper = name.trim().toUpperCase(Locale.ROOT);
        for (ChecksumAlgorithm algorithm : values()) {
            if (algorithm.name().equals(upper)) {
                return algorithm;
            }
        }
        return null;
    }

    /** The algorithm whose value header is {@code header} (case-insensitive); null for any other name. */
    public static ChecksumAlgorithm fromHeaderName(String header) {
        if (header == null || !header.regionMatches(true, 0, HEADER_PREFIX, 0, HEADER_PREFIX.length())) {
            return null;
        }
        return fromWireName(header.substring(HEADER_PREFIX.length()));
    }

    public RunningChecksum newChecksum() {
        if (crc) {
            Checksum checksum = crcFactory.get();
            return new Running(this, checksum::update, () -> Checksums.bigEndian(checksum.getValue(), length));
        }
        MessageDigest md = messageDigest();
        return new Running(this, md::update, md::digest);
    }

    /** The digest of {@code bytes} in one call. */
    public byte[] digest(byte[] bytes) {
        RunningChecksum checksum = newChecksum();
        checksum.update(bytes, 0, bytes.length);
        return checksum.digest();
    }

    private MessageDigest messageDigest() {
        try {
            return MessageDigest.getInstance(this == SHA1 ? "SHA-1" : "SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks " + this, e);
        }
    }

    /** Feeds bytes to a CRC or a message digest. */
    @FunctionalInterface
    private interface Update {
        void update(byte[] bytes, int offset, int length);
    }

    private record Running(ChecksumAlgorithm algorithm, Update feed, Supplier<byte[]> finish)
            implements RunningChecksum {

        @Override
        public void update(byte[] bytes, int offset, int length) {
            feed.update(bytes, offset, length);
        }

        @Override
        public byte[] digest() {
            return finish.get();
        }
    }
}
