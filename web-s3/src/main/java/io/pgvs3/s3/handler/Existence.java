package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.ErrorTranslator;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.store.api.BucketStore;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * Whether the bucket or object a request names exists; a missing one is answered naming it, as S3's
 * error bodies do. Its methods are public because the handlers call them through this bean's CDI client
 * proxy, which reaches a package-private method by reflection.
 */
@ApplicationScoped
public class Existence {

    @EJB
    private BucketStore buckets;
    @Inject
    @Plain
    private ObjectStore objects;

    public void requireBucket(S3Call call) {
        if (!buckets.exists(call.bucket())) {
            throw call.error(S3ErrorCode.NO_SUCH_BUCKET);
        }
    }

    /** The object's row (its inline body too when asked), or NoSuchKey / NoSuchBucket. */
    public ObjectMeta requireObject(S3Call call, boolean withInlineBody) {
        return require(call, () -> objects.head(call.bucket(), call.key(), withInlineBody));
    }

    /**
     * {@link #requireObject(S3Call, boolean)} with the body for a GET of a range ({@link ObjectStore#headForRange}).
     *
     * @param rangeOfSize the range the GET reads of an object of the given size, null for all of it
     */
    public ObjectMeta requireObjectForRange(S3Call call, LongFunction<ByteRange> rangeOfSize) {
        return require(call, () -> objects.headForRange(call.bucket(), call.key(), rangeOfSize));
    }

    private static ObjectMeta require(S3Call call, Supplier<ObjectMeta> head) {
        try {
            return head.get();
        } catch (StoreException e) {
            if (e.error() == StoreError.NO_SUCH_KEY || e.error() == StoreError.NO_SUCH_BUCKET) {
                throw call.error(ErrorTranslator.fromStore(e.error()));
            }
            throw e;
        }
    }

    public ObjectMeta requireObject(S3Call call) {
        return requireObject(call, false);
    }
}
