/**
 * The request path of the S3 port, a JAX-RS application ({@link io.pgvs3.s3.exchange.S3Api}): its one
 * resource, a sub-resource locator for every path, hands every request to the
 * {@link io.pgvs3.s3.exchange.FrontDoor}, which runs route, transport rule, authentication, admission and
 * handler in that order over one {@link io.pgvs3.s3.exchange.Exchange}, answers (in-memory bodies from
 * the request thread, chunk-pool bodies of a GET as a {@code StreamingOutput} on the response executor)
 * and records the request's metrics. The only package that knows the servlet and JAX-RS APIs; everything
 * below it sees an {@link io.pgvs3.s3.handler.S3Call} and answers an {@link io.pgvs3.s3.http.S3Response}.
 */
package io.pgvs3.s3.exchange;
