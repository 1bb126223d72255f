package io.pgvs3.store.api;

/**
 * One live value: its bytes (null when only peeked), its size and its expiry in epoch milliseconds
 * ({@link #PERSISTENT} for none). A value the store keeps compressed may come still compressed, and is
 * inflated where its reader wants it ({@link #copyValueTo}: straight into a reply, without a copy of its
 * own) or on the first {@link #value()}. Not for sharing between threads.
 */
public final class KvEntry {

    public static final long PERSISTENT = 0;

    /** The store's way back from a compressed form to the value's bytes. */
    @FunctionalInterface
    public interface Inflater {
        /**
         * Writes the {@code size} bytes that {@code compressed} holds into {@code dst[offset, offset + size)}.
         *
         * @throws io.pgvs3.store.api.error.StoreException UNAVAILABLE when they do not inflate to that (corrupt)
         */
        void inflate(byte[] compressed, int size, byte[] dst, int offset);
    }

    private byte[] value;
    /** The compressed form of a value not inflated yet, else null. */
    private byte[] compressed;
    private Inflater inflater;
    private final long size;
    private final long expiresAt;

    public KvEntry(byte[] value, long size, long expiresAt) {
        this.value = value;
        this.size = size;
        this.expiresAt = expiresAt;
    }

    /** A value of {@code size} bytes that {@code inflater} gets back from {@code compressed}. */
    public static KvEntry compressed(byte[] compressed, long size, long expiresAt, Inflater inflater) {
        KvEntry entry = new KvEntry(null, size, expiresAt);
        entry.compressed = compressed;
        entry.inflater = inflater;
        return entry;
    }

    /** The bytes, or null when only peeked. */
    public byte[] value() {
        if (compressed != null) {
            byte[] inflated = new byte[Math.toIntExact(size)];
            copyValueTo(inflated, 0);
            value = inflated;
            compressed = null;
        }
        return value;
    }

    /**
     * Writes the bytes (there must be some) into {@code dst[offset, offset + size)}.
     *
     * @throws io.pgvs3.store.api.error.StoreException UNAVAILABLE when a compressed value is corrupt
     */
    public void copyValueTo(byte[] dst, int offset) {
        if (compressed == null) {
            System.arraycopy(value, 0, dst, offset, value.length);
        } else {
            inflater.inflate(compressed, Math.toIntExact(size), dst, offset);
        }
    }

    public long size() {
        return size;
    }

    public long expiresAt() {
        return expiresAt;
    }

    public boolean persistent() {
        return expiresAt == PERSISTENT;
    }
}
