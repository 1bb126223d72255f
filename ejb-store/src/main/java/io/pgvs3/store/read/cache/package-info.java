/**
 * The gateway read cache (docs/adr/0030): decoded blocks of chunked files in a byte-bounded, sharded
 * S3-FIFO. Pure memory, no SQL: it knows keys and byte arrays, not pieces or namespaces (the read
 * package decides what is cached and when it may be consulted); it touches only store.api, for its
 * counters' snapshot.
 */
package io.pgvs3.store.read.cache;
