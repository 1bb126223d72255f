/**
 * The store's settings (MicroProfile Config, so server.xml variables and their PGVS3_* environment
 * aliases apply), the rule that a remote PostgreSQL is only reached over verified TLS, and the
 * connection budget. Pure Java apart from the config holder and the budget's one query of the server's
 * connection limits.
 */
package io.pgvs3.store.config;
