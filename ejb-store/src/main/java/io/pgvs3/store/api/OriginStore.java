package io.pgvs3.store.api;

import jakarta.ejb.Local;
import java.util.Optional;
import java.util.SortedMap;

/**
 * Origin-backed buckets (ADR 45): buckets whose objects stand in for those of another S3. Declared on
 * the management port; their objects are then served through {@link ObjectStore} like any others.
 */
@Local
public interface OriginStore {

    /**
     * Creates an origin-backed bucket that fronts the origin {@code originJson} declares, or re-declares
     * the origin of one that exists (a native bucket is never converted).
     *
     * @return whether the bucket was created (false: its origin was re-declared)
     * @throws io.pgvs3.store.api.error.StoreException INVALID_ARGUMENT (the document, naming the field),
     *                                                 BUCKET_EXISTS (a native bucket of that name)
     */
    boolean declare(String bucket, String originJson);

    /** The bucket's origin and live state, or empty when no origin-backed bucket has that name. */
    Optional<OriginState> describe(String bucket);

    /** Every origin-backed bucket's origin and live state, by bucket name. */
    SortedMap<String, OriginState> describeAll();

    /**
     * Pauses or resumes the write-back drain of an origin-backed bucket on every gateway (for origin
     * maintenance); writes are still acknowledged and wait in the outbox.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET (none, or a native bucket)
     */
    void pauseDrain(String bucket, boolean paused);

    /**
     * Drops an origin-backed bucket and everything cached of it; the origin keeps its objects.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET (none, or a native bucket),
     *                                                 BUCKET_NOT_EMPTY (write-backs still pending)
     */
    void detach(String bucket);
}
