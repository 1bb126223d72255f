/** Statistics against a real PostgreSQL 18, in a database of their own. */
package io.pgvs3.store.stats;
