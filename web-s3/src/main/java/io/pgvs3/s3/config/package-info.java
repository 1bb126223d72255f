/** Typed configuration of the S3 module; every key is documented with its default in docs/configuration.md. */
package io.pgvs3.s3.config;
