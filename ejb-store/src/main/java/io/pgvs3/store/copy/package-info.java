/**
 * Copies of stored objects: CopyObject and the source side of UploadPartCopy. Within one namespace a
 * copy references the source's immutable files; across namespaces the chunk rows are copied inside
 * PostgreSQL under new file ids. Reads a namespace's {@code objects} and {@code chunks}, writes the
 * target's through the write package's publisher.
 */
package io.pgvs3.store.copy;
