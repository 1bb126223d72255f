/**
 * The S3 WAR's metrics, all named {@code pgvs3.*} (Prometheus {@code pgvs3_*} on the management port's
 * {@code /metrics}): requests, errors, bytes, written objects, and the occupancy of the web module's own
 * limits. {@link io.pgvs3.s3.metrics.S3Metrics} owns the registry and has one named helper per metric;
 * request-level metrics are recorded once per request by {@code s3.exchange.FrontDoor}. The store's
 * gauges (garbage queue, maintenance, read cache, replication) are the store's to publish (ADR 42).
 * Depends on nothing else of the WAR.
 */
package io.pgvs3.s3.metrics;
