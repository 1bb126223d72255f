/**
 * The RESP bridge's values: one cache-kind namespace per logical database, created on first use, whose
 * {@code objects} rows hold a value inline (≤ 8,120 bytes, zstd when shorter) or as one chunked file.
 * Batched reads ({@code key = ANY}), batched blind writes (one multi-row upsert), row-locked
 * read-modify-writes, deletes, scans. Uses the namespace catalog, the chunk format, the file sink and
 * the garbage rule of the write path; never touches bucket namespaces.
 */
package io.pgvs3.store.kv;
