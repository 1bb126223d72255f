package io.pgvs3.s3.error;

import io.pgvs3.s3.xml.XmlInputException;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;

/** The one table from everything that can go wrong to the S3 error a client sees. */
public final class ErrorTranslator {

    /** What a write to a read-only gateway is answered with, under AccessDenied (docs/adr/0035). */
    public static final String READ_ONLY_MESSAGE = "This gateway is read-only; send writes to a writable gateway.";

    private ErrorTranslator() {
    }

    /**
     * Whether {@code failure} says that the object a read began with was replaced and its body reaped, so
     * that reading the key again would answer (with what it holds now).
     */
    public static boolean objectChanged(Throwable failure) {
        S3Exception error = translate(failure);
        return error != null && error.getCause() instanceof StoreException store
                && store.error() == StoreError.OBJECT_CHANGED;
    }

    /** Returns the S3 error for {@code failure}, or null when it is unexpected (a 500 worth logging). */
    public static S3Exception translate(Throwable failure) {
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 32; t = t.getCause(), depth++) {
            if (t instanceof S3Exception s3) {
                return s3;
            }
            if (t instanceof StoreException store && store.error() == StoreError.REJECTED_INPUT) {
                continue; // our own body stream or checksum refused the input: its exception says why
            }
            if (t instanceof StoreException store) {
                return new S3Exception(fromStore(store.error()), messageFor(store), null, null, store);
            }
            if (t instanceof XmlInputException xml) {
                return new S3Exception(xml.tooLarge() ? S3ErrorCode.MAX_MESSAGE_LENGTH_EXCEEDED
                        : S3ErrorCode.MALFORMED_XML);
            }
            S3Exception fromAuth = AuthErrors.translate(t);
            if (fromAuth != null) {
                return fromAuth;
            }
        }
        return null;
    }

    /** The S3 error of a store failure (also used for the per-key errors of DeleteObjects). */
    public static S3ErrorCode fromStore(StoreError error) {
        return switch (error) {
            case NO_SUCH_BUCKET -> S3ErrorCode.NO_SUCH_BUCKET;
            case NO_SUCH_KEY -> S3ErrorCode.NO_SUCH_KEY;
            case BUCKET_NOT_EMPTY -> S3ErrorCode.BUCKET_NOT_EMPTY;
            case BUCKET_EXISTS -> S3ErrorCode.BUCKET_ALREADY_EXISTS;
            case NOT_IMPLEMENTED -> S3ErrorCode.NOT_IMPLEMENTED;
            case PRECONDITION_FAILED -> S3ErrorCode.PRECONDITION_FAILED;
            case CONDITIONAL_CONFLICT -> S3ErrorCode.CONDITIONAL_REQUEST_CONFLICT;
            case BAD_DIGEST -> S3ErrorCode.BAD_DIGEST;
            case SHA256_MISMATCH -> S3ErrorCode.X_AMZ_CONTENT_SHA256_MISMATCH;
            case INCOMPLETE_BODY -> S3ErrorCode.INCOMPLETE_BODY;
            case ENTITY_TOO_LARGE -> S3ErrorCode.ENTITY_TOO_LARGE;
            case INVALID_ARGUMENT -> S3ErrorCode.INVALID_ARGUMENT;
            case UNAVAILABLE, OBJECT_CHANGED -> S3ErrorCode.SERVICE_UNAVAILABLE;
            case READ_ONLY -> S3ErrorCode.ACCESS_DENIED;
            case BUSY -> S3ErrorCode.SLOW_DOWN;
            case NO_SUCH_UPLOAD -> S3ErrorCode.NO_SUCH_UPLOAD;
            case INVALID_PART -> S3ErrorCode.INVALID_PART;
            case INVALID_PART_ORDER -> S3ErrorCode.INVALID_PART_ORDER;
            case ENTITY_TOO_SMALL -> S3ErrorCode.ENTITY_TOO_SMALL;
            case INVALID_REQUEST -> S3ErrorCode.INVALID_REQUEST;
            // translate() answers with the refusal it carries; reaching this is a bug, not a client mistake
            case REJECTED_INPUT -> S3ErrorCode.INTERNAL_ERROR;
        };
    }

    /** Store messages may name internals (schemas, SQL); clients get S3's wording for those. */
    private static String messageFor(StoreException store) {
        return switch (store.error()) {
            case READ_ONLY -> READ_ONLY_MESSAGE;
            case UNAVAILABLE, OBJECT_CHANGED, BUSY, INCOMPLETE_BODY, PRECONDITION_FAILED, NO_SUCH_KEY, NO_SUCH_UPLOAD, INVALID_PART,
                    INVALID_PART_ORDER, ENTITY_TOO_SMALL -> fromStore(store.error()).message();
            default -> store.getMessage() == null ? fromStore(store.error()).message() : store.getMessage();
        };
    }
}
