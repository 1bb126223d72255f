package io.pgvs3.store.api;

import jakarta.ejb.Local;

/** Startup, readiness and replication as the store sees them. */
@Local
public interface StoreHealth {

    /** The layout was verified; a failed startup check is retried here, at most every 10 s. */
    boolean layoutVerified();

    /** Asks each DataSource for a pooled connection now and checks the layout version on the main one. */
    StoreReadiness readiness();

    /**
     * The replay lag of the database right now, or null when it is not in recovery (a primary).
     *
     * @throws io.pgvs3.store.api.error.StoreException UNAVAILABLE when the database does not answer
     */
    ReplicationLag replication();
}
