package io.pgvs3.store.origin;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.Namespaces;
import io.pgvs3.store.read.CachedObject;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.sql.Locks;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Brings write-back objects to their origins (ADR 45). Each tick claims due outbox rows of every
 * origin-backed bucket whose drain is not paused ({@code SKIP LOCKED} and a lease, so gateways share the
 * work), as many as there are free upload slots, and flushes each on the upload executor. A flush holds
 * the key's lock from the check that its write is still the key's latest until its commit, across the
 * origin PUT: a newer write or a delete of the key waits for it or cancels it first, so the origin never
 * ends with an older version than one acknowledged after it. A failed flush backs off and is retried.
 */
public final class OutboxDrain {

    private static final Logger LOG = Logger.getLogger(OutboxDrain.class.getName());

    private final DataAccess access;
    private final ObjectReader reader;
    private final OriginClients clients;
    private final OriginSender sender;
    private final Executor uploads;
    private final int concurrency;
    private final Duration lease;
    private final OriginMeter meter;
    private final AtomicInteger inFlight = new AtomicInteger();

    public OutboxDrain(DataAccess access, ObjectReader reader, OriginClients clients, OriginSender sender,
            Executor uploads, int concurrency, Duration lease, OriginMeter meter) {
        this.access = access;
        this.reader = reader;
        this.clients = clients;
        this.sender = sender;
        this.uploads = uploads;
        this.concurrency = concurrency;
        this.lease = lease;
        this.meter = meter;
    }

    /** The origin-backed buckets of one tick, and what waits in each one's outbox. */
    private record Seen(List<Namespaces.OriginBucket> buckets, Map<String, OriginMeter.Backlog> backlog) {
    }

    /**
     * One tick: publishes every origin-backed bucket's backlog to the meter, then claims what the free
     * upload slots can take from the buckets whose drain is not paused and hands each flush to the executor.
     */
    public void tick() {
        Seen seen = access.readCatalog("outbox drain", "*", c -> {
            List<Namespaces.OriginBucket> buckets = Namespaces.listOriginBacked(c);
            Map<String, OriginMeter.Backlog> backlog = new TreeMap<>();
            for (Namespaces.OriginBucket bucket : buckets) {
                backlog.put(bucket.namespace().name(), Outbox.backlog(c, bucket.namespace()));
            }
            return new Seen(buckets, backlog);
        });
        meter.backlog(seen.backlog());
        for (Namespaces.OriginBucket bucket : seen.buckets()) {
            if (bucket.drainPaused()) {
                continue;
            }
            Namespace ns = bucket.namespace();
            int free = concurrency - inFlight.get();
            if (free <= 0) {
                return;
            }
            List<Outbox.Claim> claims;
            try {
                claims = access.write(Pool.MAIN, "outbox claim", ns.name(), (c, locked) ->
                        Outbox.claim(c, locked, free, lease));
            } catch (StoreException e) {
                LOG.log(Level.FINE, e, () -> "no outbox claim in " + ns.name() + " this tick");
                continue;
            }
            for (Outbox.Claim claim : claims) {
                inFlight.incrementAndGet();
                try {
                    uploads.execute(() -> {
                        try {
                            flush(ns, claim);
                        } finally {
                            inFlight.decrementAndGet();
                        }
                    });
                } catch (RejectedExecutionException e) {
                    inFlight.decrementAndGet(); // its lease runs out and a later tick claims it again
                }
            }
        }
    }

    private void flush(Namespace ns, Outbox.Claim claim) {
        try {
            meter.flush(ns.name(), access.write(Pool.MAIN, "flush " + claim.key(), ns.name(), claim, this::flushLocked));
        } catch (StoreException | IOException e) {
            meter.flush(ns.name(), "failed");
            LOG.log(Level.WARNING, e, () -> "write-back of " + ns.name() + "/" + claim.key() + " failed; it is retried: "
                    + e.getMessage());
            recordFailure(ns, claim, e.getMessage());
        }
    }

    /** Under the key's lock: uploads the claimed write unless a newer write or a delete superseded it. */
    private String flushLocked(Connection c, Namespace ns, Outbox.Claim claim) throws SQLException, IOException {
        Locks.lockObjectKeys(c, ns.id(), claim.key());
        if (!Outbox.isCurrent(c, ns, claim)) {
            return "discarded";
        }
        Optional<CachedObject> object = reader.findCached(ns.name(), claim.key(), false);
        if (object.isEmpty()) {
            Outbox.done(c, ns, claim);
            return "discarded";
        }
        OriginUploads uploads = new OriginUploads(access, ns);
        uploads.abortLeftovers(clients.of(ns), claim.key());
        String etag = upload(ns, object.get().meta(), uploads);
        Outbox.done(c, ns, claim);
        OriginKeys.flushed(c, ns, claim.key(), claim.generation(), etag);
        return "flushed";
    }

    /** Sends the stored body to the origin with the object's headers. */
    private String upload(Namespace ns, ObjectMeta meta, OriginUploads uploads) throws IOException {
        return sender.send(clients.of(ns), reader, meta, new OriginPut(meta.contentType(), meta.userMetadata(),
                meta.contentHeaders(), null, null), uploads);
    }

    private void recordFailure(Namespace ns, Outbox.Claim claim, String error) {
        try {
            access.write(Pool.MAIN, "flush failed", ns.name(), (c, locked) -> {
                Outbox.failed(c, locked, claim, error == null ? "failed" : error);
                return null;
            });
        } catch (StoreException e) {
            LOG.log(Level.FINE, e, () -> "could not record the failed flush of " + claim.key()
                    + "; its lease runs out and it is claimed again");
        }
    }

}
