package io.pgvs3.store.api.checksum;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A verified checksum stored with an object and returned on GET/HEAD with checksum mode.
 *
 * @param value the wire value: base64 of the digest, followed by {@code -<parts>} when COMPOSITE
 */
public record ObjectChecksum(ChecksumAlgorithm algorithm, ChecksumType type, String value) {

    private static final Pattern COMPOSITE_SUFFIX = Pattern.compile("-[1-9][0-9]{0,4}");

    public ObjectChecksum {
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(value, "value");
        int dash = value.indexOf('-');
        String digest = type == ChecksumType.COMPOSITE && dash > 0 ? value.substring(0, dash) : value;
        if (type == ChecksumType.COMPOSITE && (dash < 0 || !COMPOSITE_SUFFIX.matcher(value.substring(dash)).matches())) {
            throw new IllegalArgumentException("a COMPOSITE checksum ends with -<parts>: " + value);
        }
        if (Checksums.decode(algorithm, digest) == null) {
            throw new IllegalArgumentException("not a base64 " + algorithm + " value: " + value);
        }
    }

    /** The full-object checksum with raw digest {@code digest}. */
    /** From the stored columns {@code checksum_algorithm, checksum_type, checksum_value}; null when none. */
    public static ObjectChecksum ofStored(String algorithm, String type, String value) {
        return algorithm == null ? null
                : new ObjectChecksum(ChecksumAlgorithm.valueOf(algorithm), ChecksumType.valueOf(type), value);
    }

    public static ObjectChecksum fullObject(ChecksumAlgorithm algorithm, byte[] digest) {
        return new ObjectChecksum(algorithm, ChecksumType.FULL_OBJECT, Checksums.base64(digest));
    }
}
