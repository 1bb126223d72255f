/** Test support: the one PostgreSQL 18 server per test JVM and helpers around it. */
package io.pgvs3.store.testing;
