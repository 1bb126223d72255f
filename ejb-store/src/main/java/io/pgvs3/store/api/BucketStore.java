package io.pgvs3.store.api;

import jakarta.ejb.Local;
import java.util.List;

/** Buckets: each one is a namespace with its own schema. */
@Local
public interface BucketStore {

    /** Creates the bucket and its schema; returns false when it already existed (idempotent create). */
    boolean create(String bucket);

    boolean exists(String bucket);

    /** All buckets in name order. */
    List<BucketInfo> list();

    /**
     * Drops an empty bucket and its schema at once.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET or BUCKET_NOT_EMPTY
     */
    void delete(String bucket);
}
