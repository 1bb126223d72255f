package io.pgvs3.store.api;

/**
 * One live value: its bytes (null when only peeked), its size and its expiry in epoch milliseconds
 * ({@link #PERSISTENT} for none).
 */
public record KvEntry(byte[] value, long size, long expiresAt) {

    public static final long PERSISTENT = 0;

    public boolean persistent() {
        return expiresAt == PERSISTENT;
    }
}
