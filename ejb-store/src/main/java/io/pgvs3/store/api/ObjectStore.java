package io.pgvs3.store.api;

import jakarta.ejb.Local;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.function.LongFunction;

/** Objects of native buckets: publish, look up, stream, delete, list. */
@Local
public interface ObjectStore {

    /**
     * Bodies up to this many bytes live inline in their object row and move with its primary-key
     * lookup; larger ones are chunked files streamed through the chunk pool.
     */
    int INLINE_MAX = 64 * 1024;

    /**
     * Spans up to this many bytes are read whole with {@link #readSpan} and answered from memory: one
     * query, no connection held while the client reads. Longer spans stream with {@link #readBody}.
     */
    int SMALL_SPAN_MAX = 256 * 1024;

    /** In an origin-backed bucket, a cold object up to this size is filled whole, whatever range is read. */
    long ORIGIN_WHOLE_FILL_MAX = 8L << 20;

    /** The longest key in UTF-8 bytes, as in S3; a key also has at least one byte and no NUL. */
    int MAX_KEY_BYTES = 1024;

    /** The Content-Type an object gets when its PUT, copy or upload names none (null or blank). */
    String DEFAULT_CONTENT_TYPE = "application/octet-stream";

    /**
     * The longest Content-Type an object can keep, in UTF-8 bytes (a check constraint of the object
     * tables): callers refuse a longer one as the client's error.
     */
    int MAX_CONTENT_TYPE_BYTES = 1024;

    /**
     * This store as a plain object: the same operations, run on the calling thread without the EJB container
     * around each call (its interceptors and Weld's EJB request context cost a small GET about a tenth of
     * its CPU; docs/adr/0056). Thread-safe; the web layer resolves it once and calls it from every request.
     */
    ObjectStore direct();

    /**
     * Streams the body into the store and publishes it atomically. Returns only after commit with
     * synchronous commit; on any failure (body ended early, digest mismatch, failed condition, an
     * exception thrown by the body stream) nothing is published and the old object stays intact.
     * A RuntimeException thrown by {@code body} or the spec's checksum supplier (e.g. a bad chunk
     * signature) comes back, after rollback, as REJECTED_INPUT with that exception as its cause, so the
     * web layer can report its own error.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET, PRECONDITION_FAILED, BAD_DIGEST,
     *                                                 INCOMPLETE_BODY, ENTITY_TOO_LARGE, REJECTED_INPUT
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
     * {@link #head} with the body, for a GET of a range. In an origin-backed bucket a cold object larger
     * than {@link #ORIGIN_WHOLE_FILL_MAX} whose range is not all of it is not filled: its metadata comes
     * from the origin and its body location is {@link BodyLocation#atOrigin()}, read from the origin by
     * {@link #readBody} and {@link #readSpan}. Elsewhere it is {@code head(bucket, key, true)}.
     *
     * @param rangeOfSize the range the GET will read of an object of the given size, or null for all of it
     *                    (or for a range that cannot be satisfied: the caller answers that itself)
     */
    ObjectMeta headForRange(String bucket, String key, LongFunction<ByteRange> rangeOfSize);

    /**
     * Writes {@code range} of the body that {@code meta} describes to {@code out}, streaming rows in
     * bounded buffers. Fails (never writes wrong bytes) if the file is incomplete; an IOException from
     * the database has the {@link io.pgvs3.store.api.error.StoreException} that says what to answer as its
     * cause (UNAVAILABLE or BUSY for a refused or cancelled read, e.g. a standby's recovery conflict;
     * OBJECT_CHANGED when the body was reaped after {@code meta} was read: the key holds another object).
     */
    void readBody(ObjectMeta meta, ByteRange range, OutputStream out) throws IOException;

    /**
     * Reads {@code range} (at most {@link #SMALL_SPAN_MAX} bytes) of the body that {@code meta} describes,
     * in one query per file it touches, outside any transaction.
     *
     * @throws io.pgvs3.store.api.error.StoreException UNAVAILABLE, or OBJECT_CHANGED when the body was reaped
     *                                                 since {@code meta} was read (reading the key again reads
     *                                                 the object it holds now)
     */
    byte[] readSpan(ObjectMeta meta, ByteRange range);

    /**
     * CopyObject: publishes a new object with the source's bytes under the target key, with the same
     * per-key lock and conditions as a PUT. A copy within one bucket shares the source's immutable files
     * (no byte moves); across buckets the chunk rows are copied inside PostgreSQL.
     *
     * {@code listener} hears when the copy starts moving bytes (across buckets, or reading the source for a
     * requested checksum); a copy within a bucket that moves none never tells it.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET, NO_SUCH_KEY (source),
     *                                                 PRECONDITION_FAILED (source or target condition)
     */
    PutResult copy(CopySpec spec, CopyListener listener);

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
