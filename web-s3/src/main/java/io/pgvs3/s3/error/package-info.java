/**
 * S3 errors: one {@link io.pgvs3.s3.error.S3ErrorCode} enum, the exception that carries it, one table
 * from store errors and authentication failures to S3 codes ({@link io.pgvs3.s3.error.ErrorTranslator}),
 * and {@link io.pgvs3.s3.error.ErrorResponses}, which writes the XML answer. Nothing else in the WAR
 * builds an error response.
 */
package io.pgvs3.s3.error;
