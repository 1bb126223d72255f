/**
 * The EJB face of the store: thin {@code @Stateless} and {@code @Singleton} adapters that take the
 * container DataSources ({@code jdbc/pgvs3/main}, {@code jdbc/pgvs3/chunk}) and delegate to the plain
 * classes of the other packages, and {@code StoreMetricsBean}, which publishes the store's gauges
 * ({@code store.metrics}) at startup. Bean-managed transactions throughout: streaming writes outlive
 * container transaction timeouts, so the plain classes run JDBC transactions themselves.
 */
package io.pgvs3.store.ejb;
