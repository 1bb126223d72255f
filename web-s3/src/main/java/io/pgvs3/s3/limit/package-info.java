/**
 * Limits that protect the gateway from its clients: a bounded number of concurrent body streams from
 * and to the chunk pool, with a bounded admission wait before 503 SlowDown; never an unbounded queue.
 * Inline bodies take no permit. May use {@code s3.config} and {@code s3.metrics}.
 */
package io.pgvs3.s3.limit;
