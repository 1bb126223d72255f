/**
 * HTTP details shared by the resources and handlers: request ids, date formats, Range parsing, header
 * validation, the plaintext-on-loopback-only rule, and the JAX-RS filters that enforce it, authenticate
 * requests and stamp S3's response headers.
 */
package io.pgvs3.s3.http;
