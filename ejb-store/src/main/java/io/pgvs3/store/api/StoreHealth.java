package io.pgvs3.store.api;

import jakarta.ejb.Local;

/** Startup and readiness as the store sees them. */
@Local
public interface StoreHealth {

    /** The layout was verified; a failed startup check is retried here, at most every 10 s. */
    boolean layoutVerified();

    /** Asks each DataSource for a pooled connection now and checks the layout version on the main one. */
    StoreReadiness readiness();
}
