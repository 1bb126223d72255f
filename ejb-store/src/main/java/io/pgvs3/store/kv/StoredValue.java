package io.pgvs3.store.kv;

/**
 * A value as its row holds it: inline bytes (zstd when {@code zstd}) or the id of its chunked file.
 * {@code fileId} is null for inline values; {@code inline} is null for chunked ones.
 */
record StoredValue(long size, byte[] inline, boolean zstd, Long fileId) {
}
