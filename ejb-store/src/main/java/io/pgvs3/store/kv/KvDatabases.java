package io.pgvs3.store.kv;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.KvStore;
import io.pgvs3.store.layout.NamespaceDdl;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.Namespaces;
import io.pgvs3.store.sql.Locks;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.logging.Logger;

/**
 * Logical database → its cache namespace {@code resp:<db>}, created by whichever gateway needs it first
 * (under the name lock, so two gateways create it once). The name cannot be a bucket's: bucket names
 * have no colon. RESP namespaces are never dropped (FLUSHDB deletes rows), so a cached entry stays valid.
 */
final class KvDatabases {

    private static final Logger LOG = Logger.getLogger(KvDatabases.class.getName());

    /** How often a KV transaction that lost a race to another writer is run in all before it gives up. */
    static final int WRITE_ATTEMPTS = 20;

    /** What failures name as where they happened, per database: formatted once. */
    private static final String[] SCOPES = new String[KvStore.DATABASES];

    static {
        for (int db = 0; db < SCOPES.length; db++) {
            SCOPES[db] = "RESP database " + db;
        }
    }

    private final DataAccess access;
    private final AtomicReferenceArray<Namespace> known = new AtomicReferenceArray<>(KvStore.DATABASES);

    KvDatabases(DataAccess access) {
        this.access = access;
    }

    /** "RESP database n", for failure messages. */
    static String scope(int db) {
        return db >= 0 && db < SCOPES.length ? SCOPES[db] : "RESP database " + db;
    }

    static String name(int db) {
        return "resp:" + db;
    }

    /** The database's namespace, created if it does not exist yet (writers). */
    Namespace resolve(int db) {
        Namespace ns = known(db);
        if (ns == null) {
            ns = access.transactionRetryingRaces(WRITE_ATTEMPTS, "open database", scope(db),
                    c -> findOrCreate(c, name(db)));
            known.set(db, ns);
        }
        return ns;
    }

    /**
     * The database's namespace if some gateway created it (readers: a database never written holds no
     * keys, and reading it must not create a schema). Absence is not cached: another gateway may create it.
     */
    Optional<Namespace> existing(int db) {
        Namespace ns = known(db);
        if (ns != null) {
            return Optional.of(ns);
        }
        Optional<Namespace> found = access.readIn("open database", scope(db),
                c -> Namespaces.find(c, name(db), Namespaces.KIND_CACHE));
        found.ifPresent(n -> known.set(db, n));
        return found;
    }

    private Namespace known(int db) {
        if (db < 0 || db >= KvStore.DATABASES) {
            throw new IllegalArgumentException("no RESP database " + db);
        }
        return known.get(db);
    }

    private static Namespace findOrCreate(Connection c, String name) throws SQLException {
        Locks.lockBucketName(c, name);
        Optional<Namespace> found = Namespaces.find(c, name, Namespaces.KIND_CACHE);
        if (found.isPresent()) {
            return found.get();
        }
        Namespace ns = Namespaces.insert(c, name, Namespaces.KIND_CACHE);
        try (Statement s = c.createStatement()) {
            s.execute(NamespaceDdl.cacheScript(ns.schema()));
        }
        LOG.info(() -> "created RESP database " + name + " in schema " + ns.schema());
        return ns;
    }
}
