package io.pgvs3.store.origin;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ContentHeaders;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.write.ObjectWriter;
import io.pgvs3.store.write.WriteRequest;
import java.io.InputStream;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * The publication of one origin GET's answer for a key (a fill under the key's lease, or a revalidation's
 * refill), fenced by the generation drawn before the GET (ADR 45): a write or delete of the key that drew
 * a newer one wins, and the fill is discarded.
 */
final class FillPublication {

    /** Thrown inside the publication when a newer write or delete of its key won: undoes it. */
    private static final class Discarded extends RuntimeException {
        Discarded() {
            super(null, null, false, false);
        }
    }

    private final DataAccess access;
    private final ObjectWriter writer;
    private final OriginMeter meter;
    private final Namespace ns;
    private final String key;
    private final long start;
    private final boolean leased;
    private final GetObjectResponse response;

    /**
     * @param start  the generation drawn before the origin GET (a leased fill's lease token)
     * @param leased a first fill under the key's fill lease, else a revalidation's refill (no lease; it
     *               replaces only a live row)
     */
    FillPublication(DataAccess access, ObjectWriter writer, OriginMeter meter, Namespace ns, String key, long start,
            boolean leased, GetObjectResponse response) {
        this.access = access;
        this.writer = writer;
        this.meter = meter;
        this.ns = ns;
        this.key = key;
        this.start = start;
        this.leased = leased;
        this.response = response;
    }

    String bucket() {
        return ns.name();
    }

    String key() {
        return key;
    }

    /** The body's length as the origin declared it, or -1. */
    long length() {
        return response.contentLength() == null ? -1 : response.contentLength();
    }

    /**
     * Whether the object this publication would store is already known from the origin's headers alone:
     * its length, its ETag (the origin's, which a fill keeps when it has S3's shape) and its Last-Modified.
     */
    boolean identityKnown() {
        return response.contentLength() != null && response.lastModified() != null
                && OriginKeys.isS3Etag(OriginKeys.unquoted(response.eTag()));
    }

    /** The object as it will be published ({@link #identityKnown()}), its body at {@code location}. */
    ObjectMeta meta(BodyLocation location) {
        return new ObjectMeta(ns.name(), key, response.contentLength(), OriginKeys.unquoted(response.eTag()),
                WriteRequest.contentTypeOrDefault(response.contentType()), userMetadata(response.metadata()),
                response.lastModified(), location, contentHeaders(), null);
    }

    /** Whether no write or delete has overtaken this fill yet, so that it would publish now. */
    boolean stillCurrent() {
        return access.read(Pool.MAIN, "origin generation", ns.name(),
                (c, n) -> OriginKeys.fillCurrent(c, n, key, start, leased));
    }

    /**
     * Publishes {@code body} (the origin's, as it arrives) unless the fence says otherwise.
     *
     * @return false: discarded, a newer write or delete of the key won (its lease is given up)
     */
    boolean publishFrom(InputStream body) {
        PutSpec spec = new PutSpec(ns.name(), key, response.contentType(), userMetadata(response.metadata()),
                WriteCondition.NONE, length(), null, null, contentHeaders(), null);
        Instant lastModified = response.lastModified();
        try {
            writer.put(spec, body, (c, locked, modified) -> {
                if (leased && !FillLeases.release(c, locked, key, start)) {
                    throw leaseLost(ns, key);
                }
                boolean current = leased ? OriginKeys.publishFill(c, locked, key, start, response.eTag(), lastModified)
                        : OriginKeys.publishRefill(c, locked, key, start, response.eTag(), lastModified);
                if (!current) {
                    throw new Discarded();
                }
                return lastModified != null ? lastModified : modified;
            });
        } catch (Discarded e) {
            discard();
            return false;
        }
        meter.fill(ns.name(), "published");
        return true;
    }

    /** Counts the fill as discarded and gives up its lease, which its rolled-back publication kept. */
    void discard() {
        meter.fill(ns.name(), "discarded");
        giveUp();
    }

    /** After a failed publication: the key's next miss need not wait for the lease to run out. */
    void giveUp() {
        if (leased) {
            releaseLease(access, ns, key, start);
        }
    }

    /** After a failed or discarded fill, or none (a published one gave its lease up in its own transaction). */
    static void releaseLease(DataAccess access, Namespace ns, String key, long token) {
        try {
            access.write(Pool.MAIN, "fill lease", ns.name(), (c, locked) -> FillLeases.release(c, locked, key, token));
        } catch (StoreException e) {
            // it runs out by itself
        }
    }

    /** The fill stalled past its lease and another may hold it now: the client retries (503 SlowDown). */
    static StoreException leaseLost(Namespace ns, String key) {
        return new StoreException(StoreError.BUSY, "the fill lease of " + ns.name() + "/" + key + " ran out");
    }

    private ContentHeaders contentHeaders() {
        return new ContentHeaders(response.cacheControl(), response.contentDisposition(), response.contentEncoding(),
                response.contentLanguage(), response.expiresString());
    }

    /** S3's user metadata: names lower-case, sorted. */
    static Map<String, String> userMetadata(Map<String, String> origin) {
        Map<String, String> sorted = new TreeMap<>();
        origin.forEach((name, value) -> sorted.put(name.toLowerCase(Locale.ROOT), value));
        return sorted;
    }
}
