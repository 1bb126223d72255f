package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.Preconditions;
import io.pgvs3.s3.http.RangeHeader;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.pgvs3.s3.http.S3Response;

/**
 * GetObject and HeadObject: whole, by Range, or by partNumber. Metadata comes fresh from PostgreSQL on
 * every request; conditional headers are decided on it before the range, as RFC 9110 orders them.
 */
@ApplicationScoped
public class ObjectReadHandler {

    @Inject
    @Plain
    private ObjectStore objects;
    @Inject
    private Existence existence;

    public S3Response head(S3Call call) {
        ObjectMeta meta = existence.requireObject(call, false);
        S3Response notModified = checkPreconditions(call, meta);
        if (notModified != null) {
            return notModified;
        }
        return PartReads.partsCount(ObjectHeaders.of(call, meta, requestedRange(call, meta)), call, meta).build();
    }

    public S3Response get(S3Call call) {
        return get(call, true);
    }

    /**
     * @param mayReadAgain whether a read that finds its object replaced and its bytes reaped since its
     *                     metadata was read (StoreError.OBJECT_CHANGED) starts over, once: with the reaper's
     *                     grace a read never meets this, without it (or held up longer) it can
     */
    private S3Response get(S3Call call, boolean mayReadAgain) {
        // a range that is all of any object (bytes=0-) needs no size: read as a GET of the whole object
        String rangeHeader = call.header("Range");
        ObjectMeta meta = rangeHeader != null && !RangeHeader.coversEveryObject(rangeHeader) && !PartReads.requested(call)
                ? existence.requireObjectForRange(call, size -> RangeHeader.resolve(rangeHeader, size).range())
                : existence.requireObject(call, true);
        S3Response notModified = checkPreconditions(call, meta);
        if (notModified != null) {
            return notModified;
        }
        ByteRange requested = requestedRange(call, meta);
        ByteRange range = requested != null ? requested : ByteRange.whole(meta.size());
        S3Response.Builder response = PartReads.partsCount(ObjectHeaders.of(call, meta, requested), call, meta);
        if (range == null) {
            return response.build();
        }
        byte[] inline = meta.location().inlineData();
        if (inline != null) {
            // the same primary-key lookup brought the body: nothing more to read
            return response.body(inline, (int) range.first(), (int) range.length()).build();
        }
        // Files are immutable: reading by the location read above returns exactly these bytes.
        if (range.length() <= ObjectStore.SMALL_SPAN_MAX) {
            // one chunk query, answered from memory: no stream permit, no connection held while writing
            byte[] span;
            try {
                span = objects.readSpan(meta, range);
            } catch (StoreException e) {
                if (mayReadAgain && e.error() == StoreError.OBJECT_CHANGED) {
                    return get(call, false);
                }
                throw e;
            }
            return response.body(span).build();
        }
        response.body(out -> objects.readBody(meta, range, out));
        return (mayReadAgain ? response.readAgain(() -> get(call, false)) : response).build();
    }

    /** A 304 answer, or null to go on; a failed condition throws 412. */
    private static S3Response checkPreconditions(S3Call call, ObjectMeta meta) {
        Preconditions.Result result = Preconditions.evaluate(new Preconditions.Headers(call.header("If-Match"),
                call.header("If-None-Match"), call.header("If-Modified-Since"), call.header("If-Unmodified-Since")),
                meta.etag(), meta.lastModified());
        return switch (result.outcome()) {
            case PROCEED -> null;
            case NOT_MODIFIED -> ObjectHeaders.notModified(meta);
            case PRECONDITION_FAILED -> throw call.error(S3ErrorCode.PRECONDITION_FAILED)
                    .withDetail("Condition", result.condition());
        };
    }

    /** The part asked for with ?partNumber, else the Range header's bytes; null for the whole object. */
    private static ByteRange requestedRange(S3Call call, ObjectMeta meta) {
        if (PartReads.requested(call)) {
            return PartReads.range(call, meta);
        }
        RangeHeader.Resolution resolution = RangeHeader.resolve(call.header("Range"), meta.size());
        if (resolution.unsatisfiable()) {
            throw call.error(S3ErrorCode.INVALID_RANGE);
        }
        return resolution.range();
    }
}
