/**
 * Checksums as S3 speaks them, shared by the store and the S3 WAR: the five flexible algorithms
 * (CRC32, CRC32C, CRC64NVME, SHA1, SHA256) as running digests, their base64 wire values, MD5 helpers,
 * and the multipart combinations (a full-object CRC from part CRCs and lengths; a COMPOSITE checksum
 * of part checksums with its {@code -N} suffix). Pure Java: no Jakarta EE, no JDBC, no I/O.
 */
package io.pgvs3.store.api.checksum;
