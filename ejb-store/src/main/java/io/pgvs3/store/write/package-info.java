/**
 * The write path: binary COPY framing of chunk rows, the streaming object writer (inline or chunked,
 * digests in the same pass), publication under the per-key lock with its conditions, deletes, and the
 * garbage queue. Touches a namespace's {@code objects}, {@code chunks} and {@code garbage} tables and
 * the catalog's {@code file_ids} sequence.
 */
package io.pgvs3.store.write;
