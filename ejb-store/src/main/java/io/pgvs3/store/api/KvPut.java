package io.pgvs3.store.api;

/** A value to store under a key, expiring at {@code expiresAt} (epoch ms) or never ({@link KvEntry#PERSISTENT}). */
public record KvPut(byte[] key, byte[] value, long expiresAt) {
}
