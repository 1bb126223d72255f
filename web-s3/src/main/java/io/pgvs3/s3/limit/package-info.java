/**
 * Limits that protect the gateway from its clients: a fixed number of concurrent body streams, past
 * which requests are answered 503 SlowDown at once instead of queueing. May use {@code s3.http},
 * {@code s3.route}, {@code s3.error}, {@code s3.config} and {@code s3.metrics}.
 */
package io.pgvs3.s3.limit;
