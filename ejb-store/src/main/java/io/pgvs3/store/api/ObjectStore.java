package io.pgvs3.store.api;

import jakarta.ejb.Local;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/** Objects of native buckets: publish, look up, stream, delete, list. */
@Local
public interface ObjectStore {

    /**
     * Streams the body into the store and publishes it atomically. Returns only after commit with
     * synchronous commit; on any failure (body ended early, digest mismatch, failed condition, an
     * exception thrown by the body stream) nothing is published and the old object stays intact.
     * A RuntimeException thrown by {@code body} propagates (after rollback) so that the web layer can
     * report its own error, e.g. a bad chunk signature.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET, PRECONDITION_FAILED, BAD_DIGEST,
     *                                                 INCOMPLETE_BODY, ENTITY_TOO_LARGE
     */
    PutResult put(PutSpec spec, InputStream body);

    /**
     * Reads the object's row by primary key.
     *
     * @param withInlineBody also fetch an inline body (GET); HEAD passes false and never reads bodies
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET or NO_SUCH_KEY
     */
    ObjectMeta head(String bucket, String key, boolean withInlineBody);

    /**
     * Writes {@code range} of the body that {@code meta} describes to {@code out}, streaming rows in
     * bounded buffers. Fails (never writes wrong bytes) if the file is incomplete.
     */
    void readBody(ObjectMeta meta, ByteRange range, OutputStream out) throws IOException;

    /**
     * CopyObject: publishes a new object with the source's bytes under the target key, with the same
     * per-key lock and conditions as a PUT. A copy within one bucket shares the source's immutable files
     * (no byte moves); across buckets the chunk rows are copied inside PostgreSQL.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET, NO_SUCH_KEY (source),
     *                                                 PRECONDITION_FAILED (source or target condition)
     */
    PutResult copy(CopySpec spec);

    /** Deletes the key if present (S3 answers 204 either way); queues its file as garbage. */
    void delete(String bucket, String key);

    /**
     * DeleteObject with {@code If-Match}: see {@link ObjectDeletion#ifMatch()}; null behaves as {@link
     * #delete(String, String)}.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET, NO_SUCH_KEY (a condition on a missing
     *                                                 key), PRECONDITION_FAILED
     */
    void delete(String bucket, String key, String ifMatch);

    /**
     * DeleteObjects: deletes up to 1,000 keys in one transaction with set-based statements and returns one
     * result per distinct key, in request order. Per-key failures are results, not exceptions.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET
     */
    List<DeletionResult> deleteAll(String bucket, List<ObjectDeletion> deletions);

    /** @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET */
    ListPage list(ListQuery query);
}
