/**
 * Multipart uploads: upload and part rows, streaming parts into their own immutable files, UploadPartCopy,
 * completing an upload by recording its ordered part files in the object row (no byte moves), aborting,
 * and the two listings. Touches a namespace's {@code uploads} and {@code upload_parts} tables; chunk rows
 * and object rows only through the write and copy packages.
 */
package io.pgvs3.store.multipart;
