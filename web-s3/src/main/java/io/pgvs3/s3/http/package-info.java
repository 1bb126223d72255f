/**
 * HTTP details shared by the resources and handlers: request ids, date formats, Range parsing, header
 * validation, and the JAX-RS filters that authenticate requests and stamp S3's response headers.
 */
package io.pgvs3.s3.http;
