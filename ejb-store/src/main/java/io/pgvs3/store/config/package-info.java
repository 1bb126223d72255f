/**
 * The store's settings (MicroProfile Config, so server.xml variables and their PGVS3_* environment
 * aliases apply) and the rule that a remote PostgreSQL is only reached over verified TLS. Runs no SQL.
 */
package io.pgvs3.store.config;
