package io.pgvs3.store.namespace;

import io.pgvs3.store.api.BucketInfo;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.layout.NamespaceDdl;
import io.pgvs3.store.sql.Locks;
import io.pgvs3.store.sql.ReadRetry;
import io.pgvs3.store.sql.SqlErrors;
import io.pgvs3.store.sql.Transactions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** Create, look up, list and drop buckets; each change is one transaction on the main pool. */
public final class BucketService {

    private static final Logger LOG = Logger.getLogger(BucketService.class.getName());

    private final DataSource dataSource;
    private final NamespaceCache cache;

    public BucketService(DataSource dataSource, NamespaceCache cache) {
        this.dataSource = dataSource;
        this.cache = cache;
    }

    /** Returns false if the bucket already exists. Concurrent creates of one name serialize on its lock. */
    public boolean create(String bucket) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                Locks.lockBucketName(c, bucket);
                if (Namespaces.find(c, bucket).isPresent()) {
                    Transactions.rollback(c);
                    return false;
                }
                Namespace ns = Namespaces.insert(c, bucket, Namespaces.KIND_BUCKET);
                try (Statement s = c.createStatement()) {
                    s.execute(NamespaceDdl.script(ns.schema()));
                }
                // read back for the new objects table's OID (the read cache's key)
                Namespace created = Namespaces.find(c, bucket).orElseThrow();
                Transactions.commit(c);
                cache.remember(created);
                LOG.info(() -> "created bucket " + bucket + " in schema " + ns.schema());
                return true;
            } catch (SQLException | RuntimeException e) {
                SqlErrors.rollbackQuietly(c, e);
                throw e;
            }
        } catch (SQLException e) {
            throw SqlErrors.translate("create bucket", bucket, e);
        }
    }

    public boolean exists(String bucket) {
        try {
            Optional<Namespace> ns = ReadRetry.run(dataSource, bucket, Namespaces.KIND_BUCKET, Namespaces::find);
            ns.ifPresentOrElse(cache::remember, () -> cache.evict(bucket));
            return ns.isPresent();
        } catch (SQLException e) {
            throw SqlErrors.translate("bucket lookup", bucket, e);
        }
    }

    public List<BucketInfo> list() {
        try {
            return ReadRetry.run(dataSource, Namespaces::listBuckets);
        } catch (SQLException e) {
            throw SqlErrors.translate("list buckets", "*", e);
        }
    }

    private static final String HAS_CONTENT = """
            SELECT EXISTS (SELECT 1 FROM %1$s.objects) OR EXISTS (SELECT 1 FROM %1$s.uploads)""";

    /**
     * Drops an empty bucket. FOR UPDATE on the namespace row waits for writers (which hold FOR KEY
     * SHARE until they commit) and keeps new ones out, so the emptiness check stays true until the drop.
     */
    public void delete(String bucket) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                Locks.lockBucketName(c, bucket);
                Namespace ns = Namespaces.findForDrop(c, bucket).orElseThrow(() -> NamespaceCache.noSuchBucket(bucket));
                try (PreparedStatement ps = c.prepareStatement(ns.sql(HAS_CONTENT));
                     ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getBoolean(1)) {
                        throw new StoreException(StoreError.BUCKET_NOT_EMPTY,
                                "bucket " + bucket + " still holds objects or multipart uploads");
                    }
                }
                try (Statement s = c.createStatement()) {
                    s.execute("DROP SCHEMA " + ns.schema() + " CASCADE");
                }
                Namespaces.delete(c, ns.id());
                Transactions.commit(c);
                LOG.info(() -> "deleted bucket " + bucket + " and schema " + ns.schema());
            } catch (SQLException | RuntimeException e) {
                SqlErrors.rollbackQuietly(c, e);
                throw e;
            } finally {
                cache.evict(bucket);
            }
        } catch (SQLException e) {
            throw SqlErrors.translate("delete bucket", bucket, e);
        }
    }
}
