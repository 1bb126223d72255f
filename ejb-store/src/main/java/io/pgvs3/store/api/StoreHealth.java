package io.pgvs3.store.api;

import jakarta.ejb.Local;

/** Readiness as the store sees it. */
@Local
public interface StoreHealth {

    /** The layout was verified at startup. */
    boolean layoutVerified();

    /** A pooled connection of each DataSource answers and the layout version is right. */
    boolean ready();
}
