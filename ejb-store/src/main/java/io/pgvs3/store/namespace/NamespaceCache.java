package io.pgvs3.store.namespace;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.sql.ReadRetry;
import io.pgvs3.store.sql.SqlErrors;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import javax.sql.DataSource;

/**
 * Bucket name → namespace, cached in the gateway. A name's schema never changes while its row exists,
 * so an entry can only go stale by the bucket being dropped (and maybe re-created); work that then hits a
 * missing schema or table evicts the entry and runs once more ({@code store.access.DataAccess}).
 */
public final class NamespaceCache {

    private final DataSource dataSource;
    private final ConcurrentMap<String, Namespace> byName = new ConcurrentHashMap<>();

    public NamespaceCache(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** @throws StoreException NO_SUCH_BUCKET, or UNAVAILABLE when the lookup fails */
    public Namespace resolve(String bucket) {
        Namespace cached = byName.get(bucket);
        if (cached != null) {
            return cached;
        }
        Optional<Namespace> found;
        try {
            found = ReadRetry.run(dataSource, bucket, Namespaces.KIND_BUCKET, Namespaces::find);
        } catch (SQLException e) {
            throw SqlErrors.translate("bucket lookup", bucket, e);
        }
        Namespace ns = found.orElseThrow(() -> noSuchBucket(bucket));
        byName.put(bucket, ns);
        return ns;
    }

    /**
     * Finds the namespace for a writer's transaction and holds its row with FOR KEY SHARE until commit,
     * so the bucket cannot be dropped under the write (see {@link Namespaces#findForWrite}).
     *
     * @throws StoreException NO_SUCH_BUCKET
     */
    public Namespace lockForWrite(Connection c, String bucket) throws SQLException {
        Namespace ns = Namespaces.findForWrite(c, bucket).orElse(null);
        if (ns == null) {
            evict(bucket);
            throw noSuchBucket(bucket);
        }
        remember(ns);
        return ns;
    }

    /** Records a namespace seen by a writer under its row lock (fresher than any cached entry). */
    public void remember(Namespace ns) {
        byName.put(ns.name(), ns);
    }

    public void evict(String bucket) {
        byName.remove(bucket);
    }

    public static StoreException noSuchBucket(String bucket) {
        return new StoreException(StoreError.NO_SUCH_BUCKET, "no such bucket: " + bucket);
    }
}
