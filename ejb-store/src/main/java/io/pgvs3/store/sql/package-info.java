/**
 * Session-level JDBC building blocks under {@code store.access}: how a transaction begins and ends
 * ({@link io.pgvs3.store.sql.Transactions}, COMMIT/ROLLBACK statements), work on a session
 * ({@link io.pgvs3.store.sql.SessionWork}), translating SQL failures into {@code StoreError}s, telling a
 * lost session from an answer, reading once more on a fresh session when the pool lent a dead one (reads
 * only), the readiness question put to a session, a delegating DataSource, the pools' socket factory
 * (SO_LINGER, so that a TLS session can be aborted) and the advisory-lock keys every writer agrees on.
 * Pure JDBC; knows no table.
 */
package io.pgvs3.store.sql;
