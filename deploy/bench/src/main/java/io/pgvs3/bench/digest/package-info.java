/**
 * Stand-alone cost measurements of the write path's per-byte work (digests, CRCs, block compression),
 * in ns per byte on this machine's JDK; not part of the S3 matrix and touching no server.
 */
package io.pgvs3.bench.digest;
