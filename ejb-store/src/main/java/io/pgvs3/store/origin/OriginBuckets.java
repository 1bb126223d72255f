package io.pgvs3.store.origin;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.OriginState;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.bucket.BucketService;
import io.pgvs3.store.layout.NamespaceDdl;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.Namespaces;
import io.pgvs3.store.sql.Locks;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.logging.Logger;

/** Declares, describes and detaches origin-backed buckets; each change is one catalog transaction. */
public final class OriginBuckets {

    private static final Logger LOG = Logger.getLogger(OriginBuckets.class.getName());

    private static final String REDECLARE = "UPDATE pgvs3.namespaces SET origin = ?::jsonb WHERE id = ?";
    private static final String CACHED = "SELECT count(*), coalesce(sum(size), 0) FROM %1$s.objects";

    private final DataAccess access;
    private final BucketService buckets;
    private final OriginClients clients;

    public OriginBuckets(DataAccess access, BucketService buckets, OriginClients clients) {
        this.access = access;
        this.buckets = buckets;
        this.clients = clients;
    }

    /** See {@link io.pgvs3.store.api.OriginStore#declare}. */
    public boolean declare(String bucket, String originJson) {
        OriginConfig config = OriginConfig.parse(bucket, originJson);
        if (!clients.hasCredentials(config.credentials())) {
            throw new StoreException(StoreError.INVALID_ARGUMENT, "credential set \"" + config.credentials()
                    + "\" is not configured on this gateway: set pgvs3.origin.credentials." + config.credentials()
                    + ".access-key and .secret-key (environment PGVS3_ORIGIN_CREDENTIALS_"
                    + config.credentials().toUpperCase(java.util.Locale.ROOT).replace('-', '_')
                    + "_ACCESS_KEY and _SECRET_KEY) on every gateway");
        }
        String document = config.toJson();
        boolean created = access.catalogTransaction("declare origin", bucket, c -> declareIn(c, bucket, document));
        access.namespaces().evict(bucket);
        clients.forget(bucket);
        LOG.info(() -> (created ? "created origin-backed bucket " : "re-declared the origin of bucket ") + bucket
                + ": " + document);
        return created;
    }

    private static boolean declareIn(Connection c, String bucket, String document) throws SQLException {
        Locks.lockBucketName(c, bucket);
        Optional<Namespace> existing = Namespaces.find(c, bucket);
        if (existing.isPresent()) {
            if (!existing.get().isOriginBacked()) {
                throw new StoreException(StoreError.BUCKET_EXISTS, "bucket " + bucket
                        + " exists as a native bucket; a native bucket is never converted");
            }
            try (PreparedStatement ps = c.prepareStatement(REDECLARE)) {
                ps.setString(1, document);
                ps.setLong(2, existing.get().id());
                ps.executeUpdate();
            }
            return false;
        }
        Namespace ns = Namespaces.insert(c, bucket, Namespaces.KIND_BUCKET, document);
        try (Statement s = c.createStatement()) {
            s.execute(NamespaceDdl.originScript(ns.schema()));
        }
        return true;
    }

    /** See {@link io.pgvs3.store.api.OriginStore#describe}. */
    public Optional<OriginState> describe(String bucket) {
        return access.readCatalog("describe origin", bucket, c -> {
            Optional<Namespace> found = Namespaces.find(c, bucket).filter(Namespace::isOriginBacked);
            if (found.isEmpty()) {
                return Optional.empty();
            }
            Namespace ns = found.get();
            return Optional.of(state(c, ns, Namespaces.isDrainPaused(c, ns.id())));
        });
    }

    /** See {@link io.pgvs3.store.api.OriginStore#describeAll}. */
    public SortedMap<String, OriginState> describeAll() {
        return access.readCatalog("describe origins", "*", c -> {
            SortedMap<String, OriginState> all = new TreeMap<>();
            for (Namespaces.OriginBucket bucket : Namespaces.listOriginBacked(c)) {
                all.put(bucket.namespace().name(), state(c, bucket.namespace(), bucket.drainPaused()));
            }
            return all;
        });
    }

    private OriginState state(Connection c, Namespace ns, boolean drainPaused) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(CACHED)); ResultSet rs = ps.executeQuery()) {
            rs.next();
            OriginMeter.Backlog backlog = Outbox.backlog(c, ns);
            return new OriginState(ns.origin(), rs.getLong(1), rs.getLong(2), backlog.objects(), backlog.bytes(),
                    Duration.ofMillis((long) (backlog.oldestSeconds() * 1000)), drainPaused,
                    clients.lastError(ns.name()));
        }
    }

    /** See {@link io.pgvs3.store.api.OriginStore#pauseDrain}. */
    public void pauseDrain(String bucket, boolean paused) {
        if (!access.catalogTransaction("pause drain", bucket, c -> Namespaces.pauseDrain(c, bucket, paused))) {
            throw new StoreException(StoreError.NO_SUCH_BUCKET, "no origin-backed bucket " + bucket);
        }
        LOG.info(() -> "the write-back drain of bucket " + bucket + (paused ? " is paused" : " runs again"));
    }

    /** See {@link io.pgvs3.store.api.OriginStore#detach}. */
    public void detach(String bucket) {
        buckets.detachOrigin(bucket);
        clients.forget(bucket);
    }
}
