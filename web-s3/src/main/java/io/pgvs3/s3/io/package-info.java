/**
 * Request-body decoders, written as {@link java.io.InputStream} decorators that handlers compose: the
 * read-through base that hashing and verifying decorators share, and the {@code aws-chunked} decoder,
 * which strips the framing, checks every chunk signature (from {@link io.pgvs3.s3.auth.ChunkSigner})
 * before the bytes it covers count as received, and exposes trailing checksums. Pure Java with bounded
 * memory and capped line lengths; it may use {@code io.pgvs3.s3.auth} for signatures and errors but
 * nothing of JAX-RS, servlets or the store.
 */
package io.pgvs3.s3.io;
