package io.pgvs3.store.origin;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ContentHeaders;
import io.pgvs3.store.api.DeletionResult;
import io.pgvs3.store.api.ObjectDeletion;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.read.CachedObject;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.sql.Locks;
import io.pgvs3.store.write.AfterPublish;
import io.pgvs3.store.write.ObjectDeleter;
import io.pgvs3.store.write.ObjectWriter;
import io.pgvs3.store.write.WriteRequest;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

/**
 * Objects of origin-backed buckets (ADR 45): reads through a cache in the bucket's own tables, writes
 * and deletes through to the origin before they are acknowledged.
 * <ul>
 * <li>A hit within the TTL is the row's one primary-key lookup. A miss is one origin GET whose body is
 * spooled (within the {@link SpoolBudget}) and published like a PUT, fenced by the key's generation:
 * a write or delete that began after the fill wins, and the fill is discarded. Its client reads the
 * download itself when the origin's headers say what will be published (ADR 51, {@link ArrivingFill}).</li>
 * <li>Past the TTL, a conditional GET with the origin's validator: 304 confirms, 200 refills, 404
 * removes; an origin that cannot be asked leaves the cached version served (counted as stale).</li>
 * <li>A PUT stores the body as any PUT does and, inside the same transaction and under the key's lock,
 * sends it to the origin, which decides the client's condition; only then does it commit. A DELETE
 * reaches the origin, then removes the row and leaves a tombstone, in one transaction under the lock.</li>
 * </ul>
 */
public final class OriginObjects {

    private final DataAccess access;
    private final ObjectReader reader;
    private final ObjectWriter writer;
    private final OriginClients clients;
    private final SpoolBudget spools;
    private final Semaphore fills;
    private final FillTiming timing;
    private final Executor downloads;
    private final BooleanSupplier readOnly;
    private final OriginMeter meter;
    private final RangeCache rangeCache;

    /**
     * How fills wait: for a fill slot (then 503 SlowDown), for another gateway's fill of the same key (then
     * pass-through), how often they look, and how long a fill lease lasts unless renewed.
     */
    public record FillTiming(Duration admissionWait, Duration fillWait, Duration fillPoll, Duration fillLease) {
    }

    /**
     * @param fills     the fills this gateway may run at once, shared by every worker
     * @param downloads where fills download while their publication follows
     * @param readOnly  whether this gateway serves reads only (a standby's): it serves what replay brought,
     *                  never fills, revalidates or takes leases, and passes its misses through
     */
    public OriginObjects(DataAccess access, ObjectReader reader, ObjectWriter writer, OriginClients clients,
            SpoolBudget spools, Semaphore fills, FillTiming timing, Executor downloads, BooleanSupplier readOnly,
            OriginMeter meter) {
        this.access = access;
        this.reader = reader;
        this.writer = writer;
        this.clients = clients;
        this.spools = spools;
        this.fills = fills;
        this.timing = timing;
        this.downloads = downloads;
        this.readOnly = readOnly;
        this.meter = meter;
        this.rangeCache = new RangeCache(access, reader, writer, spools, readOnly, meter);
    }

    /** See {@link ObjectStore#head}. */
    public ObjectMeta head(Namespace ns, String key, boolean withInlineBody) {
        return head(ns, key, withInlineBody, null);
    }

    /** See {@link ObjectStore#headForRange}. */
    public ObjectMeta headForRange(Namespace ns, String key, LongFunction<ByteRange> rangeOfSize) {
        return head(ns, key, true, rangeOfSize);
    }

    /**
     * @param rangeOfSize the range a GET will read, given the object's size; null for a HEAD or a GET of
     *                    the whole object
     */
    private ObjectMeta head(Namespace ns, String key, boolean withInlineBody, LongFunction<ByteRange> rangeOfSize) {
        OriginClient origin = clients.of(ns);
        Optional<CachedObject> cached = reader.findCached(ns.name(), key, withInlineBody);
        boolean standby = readOnly.getAsBoolean();
        if (cached.isPresent()) {
            CachedObject found = cached.get();
            if (standby || found.isFresh(origin.config().ttl().toMillis() / 1000.0)) {
                return found.meta();
            }
            return revalidate(ns, origin, key, found, withInlineBody);
        }
        if (!withInlineBody) {
            return headAtOrigin(ns, origin, key, meta -> true);
        }
        if (standby) {
            return passThrough(ns, origin, key);
        }
        if (rangeOfSize != null) {
            // the origin's HEAD decides; it is remembered only when the range is then read there, since a
            // fill (of a small object, or of all of one) would forget it at once
            Predicate<ObjectMeta> byRange = meta -> readByRange(meta.size(), rangeOfSize.apply(meta.size()));
            ObjectMeta atOrigin = headAtOrigin(ns, origin, key, byRange);
            if (byRange.test(atOrigin)) {
                return passedThrough(ns, atOrigin);
            }
        }
        return fill(ns, origin, key);
    }

    /** A cold range above {@link ObjectStore#ORIGIN_WHOLE_FILL_MAX} that is not all of it is read at the origin. */
    private static boolean readByRange(long size, ByteRange range) {
        return size > ObjectStore.ORIGIN_WHOLE_FILL_MAX && range != null
                && (range.first() > 0 || range.last() < size - 1);
    }

    /**
     * Reads {@code range} of a body {@link BodyLocation#atOrigin() at the origin}: a cold range that the
     * bucket's range cache covers through its blocks (ADR 52), any other read as one ranged origin GET,
     * streamed through. Either must find the version whose metadata was answered (If-Match); when the origin
     * holds another one now, its remembered metadata is forgotten and the read fails as UNAVAILABLE, so that
     * a retry reads the new version.
     */
    public void readAtOrigin(ObjectMeta meta, ByteRange range, OutputStream out) throws IOException {
        Namespace ns = access.namespaces().resolve(meta.bucket());
        OriginClient origin = clients.of(ns);
        try {
            if (origin.config().rangeCache() > 0 && readByRange(meta.size(), range)) {
                rangeCache.read(ns, origin, meta, range, out);
            } else {
                origin.copyRange(meta.key(), range, meta.etag(), out);
            }
        } catch (StoreException e) {
            if (e.error() != StoreError.PRECONDITION_FAILED) {
                throw e;
            }
            if (!readOnly.getAsBoolean()) {
                access.write(Pool.MAIN, "origin metadata", ns.name(), (c, locked) -> {
                    OriginMetadata.forget(c, locked, meta.key());
                    return null;
                });
            }
            throw new StoreException(StoreError.UNAVAILABLE, "the origin of " + meta.bucket() + "/" + meta.key()
                    + " holds another version than " + meta.etag() + " now", e);
        }
    }

    /**
     * Reads {@code range} of an {@link BodyLocation#isArriving() arriving} body: from its download while
     * that is held, else from the object it was published as (the same ETag and size); a fill that ended
     * unpublished before this read began leaves nothing to read (UNAVAILABLE: a retry reads what the bucket
     * holds then).
     */
    public void readArriving(ObjectMeta meta, ByteRange range, OutputStream out) throws IOException {
        if (meta.location().arriving().copyTo(range, out)) {
            return;
        }
        ObjectMeta published = reader.findCached(meta.bucket(), meta.key(), false).map(CachedObject::meta)
                .filter(found -> found.etag().equals(meta.etag()) && found.size() == meta.size())
                .orElseThrow(() -> new StoreException(StoreError.UNAVAILABLE, "the fill of " + meta.bucket() + "/"
                        + meta.key() + " ended unpublished before its body was read"));
        reader.readBody(published, range, out);
    }

    /**
     * Returns once what {@code meta} describes is stored here, when it was answered while still arriving:
     * for readers of the bucket's rows rather than of the body (a part copy's source).
     */
    public static void awaitStored(ObjectMeta meta) {
        if (meta.location().arriving() instanceof ArrivingFill fill) {
            fill.awaitStored();
        }
    }

    private ObjectMeta revalidate(Namespace ns, OriginClient origin, String key, CachedObject found,
            boolean withInlineBody) {
        long start = startFill(ns);
        try {
            ResponseInputStream<GetObjectResponse> got = origin.get(key, found.validator());
            return publish(new FillPublication(access, writer, meter, ns, key, start, false, got.response()), got, got,
                    withInlineBody, () -> { });
        } catch (OriginClient.NotModified e) {
            access.write(Pool.MAIN, "confirm " + key, ns.name(), (c, locked) -> {
                OriginKeys.confirm(c, locked, key, found.validator());
                return null;
            });
            return found.meta();
        } catch (StoreException e) {
            if (e.error() == StoreError.NO_SUCH_KEY) {
                forgetGone(ns, key);
            } else if (e.error() == StoreError.UNAVAILABLE) {
                meter.staleServe(ns.name());
                return found.meta();
            }
            throw e;
        } catch (IOException e) {
            throw brokeOff(ns, key, e);
        }
    }

    /**
     * A miss: one fill per key, whichever gateway it reaches first, under the key's fill lease; the other
     * requests wait for its publication and are then served from it. A waiter whose wait runs out
     * (pgvs3.origin.fill.wait) passes through.
     */
    private ObjectMeta fill(Namespace ns, OriginClient origin, String key) {
        long deadline = System.nanoTime() + timing.fillWait().toNanos();
        boolean counted = false;
        while (true) {
            long token = startFill(ns);
            if (takeLease(ns, key, token)) {
                Optional<CachedObject> filled;
                try {
                    filled = reader.findCached(ns.name(), key, true);
                    if (filled.isEmpty()) {
                        return fillHolding(ns, origin, key, token); // its publication (or discard) gives the lease up
                    }
                } catch (RuntimeException e) {
                    FillPublication.releaseLease(access, ns, key, token);
                    throw e;
                }
                // filled between our miss and our lease: serve that one
                FillPublication.releaseLease(access, ns, key, token);
                return filled.get().meta();
            }
            if (!counted) {
                meter.fill(ns.name(), "coalesced");
                counted = true;
            }
            do {
                Optional<CachedObject> filled = reader.findCached(ns.name(), key, true);
                if (filled.isPresent()) {
                    return filled.get().meta();
                }
                if (System.nanoTime() > deadline) {
                    return passThrough(ns, origin, key);
                }
                pause();
            } while (leaseHeld(ns, key));
            // the holder gave up or died: take the lease in turn
        }
    }

    /**
     * Downloads and publishes while holding the key's fill lease {@code token}, renewing it as bytes come;
     * the fill slot is given back when the download and the publication have ended.
     */
    private ObjectMeta fillHolding(Namespace ns, OriginClient origin, String key, long token) {
        admit(ns);
        ResponseInputStream<GetObjectResponse> got;
        try {
            got = origin.get(key, null);
        } catch (RuntimeException e) {
            fills.release();
            FillPublication.releaseLease(access, ns, key, token);
            throw e;
        }
        try {
            return publish(new FillPublication(access, writer, meter, ns, key, token, true, got.response()), got,
                    new LeaseKeeper(got, ns, key, token), true, fills::release);
        } catch (IOException e) {
            throw brokeOff(ns, key, e);
        }
    }

    /**
     * A read that cannot fill (its wait for another fill ran out, or the gateway is read-only): the
     * origin's metadata, and a body streamed from the origin without storing it.
     */
    private ObjectMeta passThrough(Namespace ns, OriginClient origin, String key) {
        return passedThrough(ns, headAtOrigin(ns, origin, key, meta -> true));
    }

    private ObjectMeta passedThrough(Namespace ns, ObjectMeta atOrigin) {
        meter.fill(ns.name(), "passthrough");
        return atOrigin;
    }

    private boolean takeLease(Namespace ns, String key, long token) {
        return access.write(Pool.MAIN, "fill lease", ns.name(),
                (c, locked) -> FillLeases.take(c, locked, key, token, timing.fillLease()));
    }

    private boolean leaseHeld(Namespace ns, String key) {
        return access.read(Pool.MAIN, "fill lease", ns.name(), (c, n) -> FillLeases.held(c, n, key));
    }

    private void pause() {
        try {
            Thread.sleep(timing.fillPoll().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException(StoreError.BUSY, "interrupted while waiting for a fill");
        }
    }

    /** Renews the fill lease while the body comes, every third of its duration; a lost lease ends the fill. */
    private final class LeaseKeeper extends FilterInputStream {
        private final Namespace ns;
        private final String key;
        private final long token;
        private long renewAt;

        LeaseKeeper(InputStream in, Namespace ns, String key, long token) {
            super(in);
            this.ns = ns;
            this.key = key;
            this.token = token;
            this.renewAt = System.nanoTime() + timing.fillLease().toNanos() / 3;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (System.nanoTime() > renewAt) {
                if (!access.write(Pool.MAIN, "fill lease", ns.name(),
                        (c, locked) -> FillLeases.renew(c, locked, key, token, timing.fillLease()))) {
                    throw FillPublication.leaseLost(ns, key);
                }
                renewAt = System.nanoTime() + timing.fillLease().toNanos() / 3;
            }
            return n;
        }
    }

    /**
     * Publishes the origin's answer {@code got} ({@code body}: its body, perhaps through a lease keeper) and
     * answers for it; this owns {@code got} and runs {@code done} once the fill has ended.
     * <ul>
     * <li>When the headers say what will be published (length above {@link ObjectStore#INLINE_MAX}, an ETag
     * of S3's shape, Last-Modified) and no write or delete has overtaken the fill by then, the answer is that
     * object with its body arriving: the client reads the download while the publication follows it on the
     * fill executor (ADR 51).</li>
     * <li>Otherwise the publication follows the download here, and the answer is what the bucket holds then:
     * the fill, or the write that won over it (a delete: NoSuchKey).</li>
     * </ul>
     */
    private ObjectMeta publish(FillPublication fill, ResponseInputStream<GetObjectResponse> got, InputStream body,
            boolean withInlineBody, Runnable done) throws IOException {
        boolean handedOver = false;
        try {
            if (fill.identityKnown() && fill.length() > ObjectStore.INLINE_MAX) {
                if (fill.stillCurrent()) {
                    ObjectMeta arriving = fill.meta(BodyLocation.arriving(
                            ArrivingFill.start(fill, got, body, spools, downloads, done)));
                    handedOver = true;
                    return arriving;
                }
                got.abort();
                fill.discard();
            } else {
                publishFollowing(fill, got, body);
            }
        } finally {
            if (!handedOver) {
                got.close();
                done.run();
            }
        }
        return reader.findCached(fill.bucket(), fill.key(), withInlineBody).map(CachedObject::meta)
                .orElseThrow(() -> new StoreException(StoreError.NO_SUCH_KEY, "no such key: " + fill.key()));
    }

    /**
     * Publishes as the bytes arrive: the download runs on the fill executor into a spool that the publication
     * follows, so a fill costs about the download, not the download and then the publication.
     */
    private void publishFollowing(FillPublication fill, ResponseInputStream<GetObjectResponse> got, InputStream body)
            throws IOException {
        try (Spool spool = Spool.open(spools, fill.length())) {
            CompletableFuture<Void> download = CompletableFuture.runAsync(() -> spool.fillFrom(body::transferTo), downloads);
            try {
                fill.publishFrom(spool.follow());
            } catch (StoreException e) {
                fill.giveUp();
                throw spool.failure() == null ? e : downloadFailure(fill, spool.failure());
            } finally {
                if (!download.isDone()) {
                    got.abort(); // the publication gave up: stop the download too
                }
                download.join();
            }
        }
    }

    /** The download's own failure, which says more than what the publication made of it. */
    private static StoreException downloadFailure(FillPublication fill, IOException failure) {
        return failure.getCause() instanceof StoreException refusal ? refusal
                : new StoreException(StoreError.UNAVAILABLE, "the origin's body of " + fill.bucket() + "/" + fill.key()
                        + " broke off: " + failure.getMessage(), failure);
    }

    /**
     * The origin's metadata of a key not held here: its {@code origin_metadata} row while fresh, else the
     * origin's HEAD, remembered (by a writable gateway, when {@code remember} says so) for the next HEAD or
     * cold range.
     */
    private ObjectMeta headAtOrigin(Namespace ns, OriginClient origin, String key, Predicate<ObjectMeta> remember) {
        Duration ttl = origin.config().ttl();
        Optional<ObjectMeta> known = access.read(Pool.MAIN, "origin metadata", ns.name(),
                (c, n) -> OriginMetadata.find(c, n, key, ttl));
        if (known.isPresent()) {
            return known.get();
        }
        boolean writable = !readOnly.getAsBoolean() && !ttl.isZero(); // a standby writes nothing
        long start = writable ? startFill(ns) : 0;
        HeadObjectResponse head = origin.head(key);
        ObjectMeta meta = new ObjectMeta(ns.name(), key, head.contentLength(), OriginKeys.unquoted(head.eTag()),
                WriteRequest.contentTypeOrDefault(head.contentType()),
                FillPublication.userMetadata(head.metadata()), head.lastModified(), BodyLocation.atOrigin(),
                new ContentHeaders(head.cacheControl(), head.contentDisposition(), head.contentEncoding(),
                        head.contentLanguage(), head.expiresString()), null);
        if (writable && remember.test(meta)) {
            access.write(Pool.MAIN, "origin metadata", ns.name(), (c, locked) -> {
                OriginMetadata.remember(c, locked, meta, start);
                return null;
            });
        }
        return meta;
    }

    /** The origin no longer holds the key: the cached copy goes, with a tombstone against older fills. */
    private void forgetGone(Namespace ns, String key) {
        access.write(Pool.MAIN, "forget " + key, ns.name(), (c, locked) -> {
            Locks.lockObjectKeys(c, locked.id(), key);
            ObjectDeleter.deleteLocked(c, locked, new String[] {key}, new String[] {null});
            OriginKeys.tombstone(c, locked, key);
            return null;
        });
    }

    /**
     * See {@link ObjectStore#put}. An unconditional PUT of more than the write-back threshold is
     * acknowledged once stored here with its outbox row (write-back); any other is stored here and at the
     * origin, or nowhere (write-through).
     */
    public PutResult put(Namespace ns, PutSpec spec, InputStream body) {
        OriginClient origin = clients.of(ns);
        WriteCondition condition = spec.condition() == null ? WriteCondition.NONE : spec.condition();
        if (condition.equals(WriteCondition.NONE) && spec.declaredLength() > origin.config().writeBackThreshold()) {
            return writer.put(spec, body, writeBack(spec.key()));
        }
        OriginPut put = OriginPut.of(spec, condition, WriteRequest.contentTypeOrDefault(spec.contentType()));
        // the origin holds the object, so the origin decides the condition; the row here follows it
        PutSpec local = new PutSpec(spec.bucket(), spec.key(), spec.contentType(), spec.userMetadata(),
                WriteCondition.NONE, spec.declaredLength(), spec.expectedMd5(), spec.expectedSha256(),
                spec.contentHeaders(), spec.checksum());
        try (Spool spool = Spool.open(spools, spec.declaredLength())) {
            return writer.put(local, new Tee(body, spool), (c, locked, modified) -> {
                spool.finish();
                OriginKeys.wroteThrough(c, locked, spec.key(), origin.put(spec.key(), put, spool));
                Outbox.cancel(c, locked, spec.key());
                return modified;
            });
        } catch (IOException e) {
            throw new StoreException(StoreError.UNAVAILABLE, "the spool of " + spec.key() + " failed", e);
        }
    }

    /**
     * The write-back of {@code key} inside its publishing transaction: a new generation, confirmed until it
     * reaches the origin, and its outbox row (a large PUT, an unconditional multipart completion).
     */
    public static AfterPublish writeBack(String key) {
        return (c, locked, modified) -> {
            Outbox.enqueue(c, locked, key, OriginKeys.wroteBack(c, locked, key));
            return modified;
        };
    }

    /** See {@link ObjectStore#delete(String, String, String)}: gone at the origin, then here, with a tombstone. */
    public void delete(Namespace ns, String key, String ifMatch) {
        OriginClient origin = clients.of(ns);
        access.write(Pool.MAIN, "DELETE " + key, ns.name(), (c, locked) -> {
            Locks.lockObjectKeys(c, locked.id(), key);
            origin.delete(key, ifMatch == null || ifMatch.equals(WriteCondition.ANY) ? ifMatch : "\"" + ifMatch + "\"");
            ObjectDeleter.deleteLocked(c, locked, new String[] {key}, new String[] {null});
            OriginKeys.tombstone(c, locked, key);
            Outbox.cancel(c, locked, key);
            return null;
        });
    }

    /** See {@link ObjectStore#deleteAll}: key by key, each as {@link #delete}. */
    public List<DeletionResult> deleteAll(Namespace ns, List<ObjectDeletion> deletions) {
        List<DeletionResult> results = new ArrayList<>(deletions.size());
        Map<String, Boolean> seen = new TreeMap<>();
        for (ObjectDeletion deletion : deletions) {
            if (seen.putIfAbsent(deletion.key(), true) != null) {
                continue;
            }
            try {
                delete(ns, deletion.key(), deletion.ifMatch());
                results.add(DeletionResult.deleted(deletion.key()));
            } catch (StoreException e) {
                results.add(new DeletionResult(deletion.key(), e.error(), e.getMessage()));
            }
        }
        return results;
    }

    private long startFill(Namespace ns) {
        return access.read(Pool.MAIN, "origin generation", ns.name(), OriginKeys::startFill);
    }

    private void admit(Namespace ns) {
        try {
            if (fills.tryAcquire(timing.admissionWait().toMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        meter.fill(ns.name(), "refused");
        throw new StoreException(StoreError.BUSY, "no fill of bucket " + ns.name() + " could start within "
                + timing.admissionWait() + " (pgvs3.origin.fill.concurrency)");
    }

    private static StoreException brokeOff(Namespace ns, String key, IOException e) {
        return new StoreException(StoreError.UNAVAILABLE, "the origin's body of " + ns.name() + "/" + key
                + " broke off: " + e.getMessage(), e);
    }

    /** Everything read from the client's body is also written to the spool the origin is sent from. */
    private static final class Tee extends FilterInputStream {
        private final Spool spool;

        Tee(InputStream in, Spool spool) {
            super(in);
            this.spool = spool;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                spool.write(b);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                spool.write(b, off, n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            throw new IOException("a spooled body is read, not skipped");
        }
    }
}
