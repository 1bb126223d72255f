/**
 * HTTP details shared by the request path and the handlers: the {@link io.pgvs3.s3.http.S3Response}
 * handlers answer with, request ids, date formats, Range and conditional-header parsing, and the
 * plaintext-on-loopback-only rule.
 */
package io.pgvs3.s3.http;
