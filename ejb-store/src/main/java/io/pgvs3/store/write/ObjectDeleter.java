package io.pgvs3.store.write;

import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.sql.Transactions;
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
        return Transactions.run(main, "DELETE " + key, bucket,
                c -> ObjectPublisher.delete(c, namespaces.lockForWrite(c, bucket), key));
    }
}
