/**
 * Maintenance against a real PostgreSQL 18: each test class gets a database of its own, because a tick
 * walks every namespace of its database. Written as plain tests of the plain classes so they can run
 * without a container; the timer bean itself is exercised end to end.
 */
package io.pgvs3.store.maintenance;
