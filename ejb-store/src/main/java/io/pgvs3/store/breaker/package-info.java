/**
 * The database circuit breaker in front of the container pools (docs/adr/0039): after a connection-level
 * failure, connections are refused at once instead of asking Liberty's pool (whose failures to open a
 * session are FFDC incidents), and a plain driver session probes the database until it answers again.
 * Knows JDBC and {@code io.pgvs3.store.sql} only, no table.
 */
package io.pgvs3.store.breaker;
