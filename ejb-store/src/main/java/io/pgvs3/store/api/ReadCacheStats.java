package io.pgvs3.store.api;

import jakarta.ejb.Local;

/** This gateway's read-cache counters, for the metrics endpoint. */
@Local
public interface ReadCacheStats {

    ReadCacheSnapshot snapshot();
}
