package io.pgvs3.store.api.checksum;

/** How a stored checksum covers its object, as {@code x-amz-checksum-type} names it. */
public enum ChecksumType {
    /** The checksum of the object's bytes, whatever way they were uploaded. */
    FULL_OBJECT,
    /** The checksum of the parts' checksums, written {@code <base64>-<part count>}. */
    COMPOSITE;

    /** Parses a header or stored value; null when it names no type. */
    public static ChecksumType fromWireName(String name) {
        for (ChecksumType type : values()) {
            if (type.name().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return type;
            }
        }
        return null;
    }
}
