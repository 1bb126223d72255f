/**
 * Small JDBC helpers shared by the store's data-access classes: translating SQL failures into
 * {@code StoreError}s, rolling back quietly, and the advisory-lock keys every writer agrees on. Pure
 * JDBC; knows no table.
 */
package io.pgvs3.store.sql;
