/** Store tests against a real PostgreSQL 18 (see {@code testing.PostgresExtension}). */
package io.pgvs3.store.it;
