package io.pgvs3.store.api;

import jakarta.ejb.Local;

/** Sizes and queue lengths of every namespace, for operators ({@code GET /admin/stat}). */
@Local
public interface StoreStats {

    /**
     * Measures every namespace now. Costs one scan of each namespace's {@code objects} table (exact
     * counts and logical bytes); chunk rows are an estimate.
     *
     * @throws io.pgvs3.store.api.error.StoreException UNAVAILABLE
     */
    StoreReport report();
}
