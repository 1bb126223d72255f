package io.pgvs3.store.api.error;

/** Every way a store call can fail that a client should hear about. The web layer maps each to S3. */
public enum StoreError {
    NO_SUCH_BUCKET,
    NO_SUCH_KEY,
    BUCKET_NOT_EMPTY,
    /** A bucket of that name exists already (and is not what the request could change). */
    BUCKET_EXISTS,
    /** The request is valid S3 but this kind of bucket does not support it yet. */
    NOT_IMPLEMENTED,
    PRECONDITION_FAILED,
    /** Two writers raced a condition; the loser may retry. */
    CONDITIONAL_CONFLICT,
    BAD_DIGEST,
    /** The payload hash the client signed does not match the body. */
    SHA256_MISMATCH,
    /** The body ended before (or ran past) its declared length, or the client went away. */
    INCOMPLETE_BODY,
    ENTITY_TOO_LARGE,
    INVALID_ARGUMENT,
    /** The database is unreachable, did not answer in time, or refused the work. */
    UNAVAILABLE,
    /**
     * The object was replaced and its body reaped after its metadata was read: its bytes are gone. Reading
     * the key again reads what it holds now.
     */
    OBJECT_CHANGED,
    /** The gateway is read-only, or its database is a standby that refused a write (docs/adr/0035). */
    READ_ONLY,
    /**
     * The database answered, but a statement or a lock wait hit its limit (statement_timeout,
     * lock_timeout) or it admits no more sessions: overload or contention, worth a retry later.
     */
    BUSY,
    /** The multipart upload does not exist (never created, completed or aborted) or belongs to another key. */
    NO_SUCH_UPLOAD,
    /** A part listed to complete an upload was never uploaded, or its ETag differs. */
    INVALID_PART,
    /** The parts listed to complete an upload are not in strictly ascending order. */
    INVALID_PART_ORDER,
    /** A part other than the last is smaller than the minimum part size. */
    ENTITY_TOO_SMALL,
    /** A request S3 refuses as InvalidRequest, such as a Complete list without the parts' checksums. */
    INVALID_REQUEST,
    /**
     * The caller's own body stream or checksum supplier refused the input (e.g. a bad chunk signature);
     * the exception's cause is the caller's exception, which says what to answer.
     */
    REJECTED_INPUT;

    /** The database could not do the work now; the same request may succeed later. */
    public boolean retryLater() {
        return this == UNAVAILABLE || this == BUSY || this == OBJECT_CHANGED;
    }
}
