/**
 * Application metrics, all named {@code pgvs3.*} (Prometheus {@code pgvs3_*} on the management port's
 * {@code /metrics}). {@link io.pgvs3.s3.metrics.S3Metrics} owns the registry and has one named helper
 * per metric; request-level metrics are recorded once per request by {@code s3.exchange.S3Servlet}.
 * Depends on nothing else of the WAR.
 */
package io.pgvs3.s3.metrics;
