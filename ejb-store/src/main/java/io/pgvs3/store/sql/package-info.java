/**
 * Small JDBC helpers shared by the store's data-access classes: translating SQL failures into
 * {@code StoreError}s, telling a lost session from an answer, rolling back quietly, reading once more on a
 * fresh session when the pool lent a dead one (reads only), a delegating DataSource, the pools' socket
 * factory (SO_LINGER, so that a TLS session can be aborted) and the advisory-lock keys every writer agrees
 * on. Pure JDBC; knows no table.
 */
package io.pgvs3.store.sql;
