/**
 * One S3 request from the first filter to its last body byte: the servlet filter that starts and
 * finishes each {@link io.pgvs3.s3.exchange.Exchange} (also for async GETs), the counting body streams,
 * and the JAX-RS filter that routes every request before it is authenticated. Finishing an exchange
 * records its metrics and runs its completion actions (such as releasing a stream permit). May use
 * {@code s3.route}, {@code s3.metrics} and {@code s3.error} (for the error code attribute).
 */
package io.pgvs3.s3.exchange;
