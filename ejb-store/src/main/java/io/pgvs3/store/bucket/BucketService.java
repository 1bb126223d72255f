package io.pgvs3.store.bucket;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.BucketInfo;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.layout.NamespaceDdl;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.namespace.Namespaces;
import io.pgvs3.store.sql.Locks;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/** Create, look up, list and drop buckets; each change is one transaction on the main pool. */
public final class BucketService {

    private static final Logger LOG = Logger.getLogger(BucketService.class.getName());

    private final DataAccess access;
    private final NamespaceCache cache;

    public BucketService(DataAccess access) {
        this.access = access;
        this.cache = access.namespaces();
    }

    /** Returns false if the bucket already exists. Concurrent creates of one name serialize on its lock. */
    public boolean create(String bucket) {
        Namespace created = access.catalogTransaction("create bucket", bucket,
                c -> createIn(c, bucket));
        if (created == null) {
            return false;
        }
        cache.remember(created);
        LOG.info(() -> "created bucket " + bucket + " in schema " + created.schema());
        return true;
    }

    /** The new namespace, or null when the bucket already exists. */
    private static Namespace createIn(Connection c, String bucket) throws SQLException {
        Locks.lockBucketName(c, bucket);
        if (Namespaces.find(c, bucket).isPresent()) {
            return null;
        }
        Namespace ns = Namespaces.insert(c, bucket, Namespaces.KIND_BUCKET);
        try (Statement s = c.createStatement()) {
            s.execute(NamespaceDdl.script(ns.schema()));
        }
        // read back for the new objects table's OID (the read cache's key)
        return Namespaces.find(c, bucket).orElseThrow();
    }

    public boolean exists(String bucket) {
        Optional<Namespace> ns = access.readCatalog("bucket lookup", bucket,
                c -> Namespaces.find(c, bucket, Namespaces.KIND_BUCKET));
        ns.ifPresentOrElse(cache::remember, () -> cache.evict(bucket));
        return ns.isPresent();
    }

    public List<BucketInfo> list() {
        return access.readCatalog("list buckets", "*", Namespaces::listBuckets);
    }

    /** An origin-backed bucket's acknowledged writes not yet at its origin. */
    private static final String HAS_PENDING = "SELECT EXISTS (SELECT 1 FROM %1$s.outbox)";

    private static final String HAS_CONTENT = """
            SELECT EXISTS (SELECT 1 FROM %1$s.objects) OR EXISTS (SELECT 1 FROM %1$s.uploads)""";

    /**
     * Drops an empty bucket. FOR UPDATE on the namespace row waits for writers (which hold FOR KEY
     * SHARE until they commit) and keeps new ones out, so the emptiness check stays true until the drop.
     */
    public void delete(String bucket) {
        drop(bucket, false);
    }

    /**
     * Drops an origin-backed bucket with everything it caches (the origin keeps its objects).
     *
     * @throws StoreException NO_SUCH_BUCKET when no origin-backed bucket has that name
     */
    public void detachOrigin(String bucket) {
        drop(bucket, true);
    }

    private void drop(String bucket, boolean originBacked) {
        try {
            Namespace dropped = access.catalogTransaction("delete bucket", bucket,
                    c -> dropIn(c, bucket, originBacked));
            LOG.info(() -> "deleted bucket " + bucket + " and schema " + dropped.schema());
        } finally {
            cache.evict(bucket);
        }
    }

    private static Namespace dropIn(Connection c, String bucket, boolean originBacked) throws SQLException {
        Locks.lockBucketName(c, bucket);
        Namespace ns = Namespaces.findForDrop(c, bucket).orElseThrow(() -> NamespaceCache.noSuchBucket(bucket));
        if (originBacked && !ns.isOriginBacked()) {
            throw new StoreException(StoreError.NO_SUCH_BUCKET, "bucket " + bucket + " is not origin-backed");
        }
        if (originBacked) {
            try (PreparedStatement ps = c.prepareStatement(ns.sql(HAS_PENDING)); ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (rs.getBoolean(1)) {
                    throw new StoreException(StoreError.BUCKET_NOT_EMPTY, "bucket " + bucket
                            + " has write-backs not yet at its origin; resume its drain and wait until none is pending");
                }
            }
        } else {
            try (PreparedStatement ps = c.prepareStatement(ns.sql(HAS_CONTENT)); ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (rs.getBoolean(1)) {
                    throw new StoreException(StoreError.BUCKET_NOT_EMPTY,
                            "bucket " + bucket + " still holds objects or multipart uploads");
                }
            }
        }
        try (Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA " + ns.schema() + " CASCADE");
        }
        Namespaces.delete(c, ns.id());
        return ns;
    }
}
