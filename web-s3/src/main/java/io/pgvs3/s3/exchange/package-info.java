/**
 * The request path of the S3 port: {@link io.pgvs3.s3.exchange.S3Servlet} runs route, transport rule,
 * authentication, admission and handler in that order over one {@link io.pgvs3.s3.exchange.Exchange},
 * writes the answer (in-memory bodies on the request thread, chunk-pool bodies on the response executor)
 * and records the request's metrics when it is complete. The only package that knows the servlet API;
 * everything below it sees an {@link io.pgvs3.s3.handler.S3Call} and answers an
 * {@link io.pgvs3.s3.http.S3Response}.
 */
package io.pgvs3.s3.exchange;
