/**
 * The chunked-file format shared by writers and readers: 8,120-byte logical blocks, each stored
 * zstd-compressed only when that is shorter, and the writers' rule for when compressing is worth a try.
 * Pure Java (zstd-jni); touches no database.
 */
package io.pgvs3.store.chunk;
