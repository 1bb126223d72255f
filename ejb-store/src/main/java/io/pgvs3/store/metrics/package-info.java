/**
 * The store's own metrics (docs/adr/0042): the garbage queue, the maintenance and read-cache counters and a
 * standby's replay lag, published as gauges read at scrape time. Plain classes over {@link
 * io.pgvs3.store.metrics.Gauges} and suppliers of the store's snapshots; {@code store.ejb.StoreMetricsBean}
 * registers them when the application starts. May use the snapshot records ({@code store.api}, the read
 * cache's) and the MicroProfile Metrics API, nothing else of the store: what a gauge reads comes in as a
 * supplier, so a scrape goes through the beans as any caller does.
 */
package io.pgvs3.store.metrics;
