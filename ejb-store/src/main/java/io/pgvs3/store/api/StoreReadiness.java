package io.pgvs3.store.api;

/**
 * The store's part of readiness, each dependency on its own so that operators see which one failed.
 *
 * @param layout      the layout was verified at startup and the database still holds the expected version
 * @param mainPool    a pooled connection of {@code jdbc/pgvs3/main} answered
 * @param chunkPool   a pooled connection of {@code jdbc/pgvs3/chunk} answered
 * @param replication the standby's replay lag, or null when the database is no standby (or did not answer)
 * @param lagOk       replay is within {@code pgvs3.read-only.max-lag} (always true without a standby)
 * @param problem     the first reason it is not ready, for logs and the health answer; null when ready
 */
public record StoreReadiness(boolean layout, boolean mainPool, boolean chunkPool, ReplicationLag replication,
                             boolean lagOk, String problem) {

    public boolean ready() {
        return layout && mainPool && chunkPool && lagOk;
    }
}
