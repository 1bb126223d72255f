/**
 * Replication as a gateway on a PostgreSQL standby sees it: how far replay trails what the standby has
 * received (docs/adr/0035). Reads PostgreSQL's recovery functions only; writes nothing.
 */
package io.pgvs3.store.replication;
