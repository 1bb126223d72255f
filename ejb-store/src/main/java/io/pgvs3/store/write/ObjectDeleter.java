package io.pgvs3.store.write;

import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.namespace.Namespaces;
import io.pgvs3.store.sql.SqlErrors;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** DeleteObject: one short transaction on the main pool; the files of the deleted row become garbage. */
public final class ObjectDeleter {

    private final DataSource main;
    private final NamespaceCache namespaces;

    public ObjectDeleter(DataSource main, NamespaceCache namespaces) {
        this.main = main;
        this.namespaces = namespaces;
    }

    /** Returns whether the key existed. @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET */
    public boolean delete(String bucket, String key) {
        try (Connection c = main.getConnection()) {
            c.setAutoCommit(false);
            try {
                Namespace ns = Namespaces.findForWrite(c, bucket).orElse(null);
                if (ns == null) {
                    namespaces.evict(bucket);
                    throw NamespaceCache.noSuchBucket(bucket);
                }
                boolean existed = ObjectPublisher.delete(c, ns, key);
                c.commit();
                return existed;
            } catch (SQLException | RuntimeException e) {
                SqlErrors.rollbackQuietly(c);
                throw e;
            }
        } catch (SQLException e) {
            throw SqlErrors.translate("DELETE " + key, bucket, e);
        }
    }
}
