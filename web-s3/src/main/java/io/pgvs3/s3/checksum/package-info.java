/**
 * Request checksums as S3 negotiates them: which {@code x-amz-checksum-*} header or declared trailer
 * a body carries (and the errors S3 gives for contradictions), the stream decorator that computes it
 * in the body's single pass, the verification once the body has ended, and the response headers that
 * report a stored checksum. Uses the store's pure {@code store.api.checksum} package and {@code
 * s3.error}; nothing of JAX-RS, so it is unit-tested directly.
 */
package io.pgvs3.s3.checksum;
