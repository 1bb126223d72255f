/**
 * The store's settings (MicroProfile Config, so server.xml variables and their PGVS3_* environment
 * aliases apply) and the rule that a remote PostgreSQL is only reached over verified TLS. Pure Java
 * apart from the config holder; touches no JDBC.
 */
package io.pgvs3.store.config;
