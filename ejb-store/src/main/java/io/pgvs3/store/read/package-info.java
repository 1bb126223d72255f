/**
 * The read path: object metadata by primary key (main pool), range planning, and streaming a byte
 * range of an inline body or a chunked file (chunk pool) in bounded memory, failing rather than ever
 * writing wrong bytes; with the gateway read cache on, pieces of whole 32-row blocks are served from
 * and stored into it ({@link io.pgvs3.store.read.cache}). Reads a namespace's {@code objects} and
 * {@code chunks}; writes nothing.
 */
package io.pgvs3.store.read;
