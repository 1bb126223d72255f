package io.pgvs3.store.ejb;

import io.pgvs3.store.layout.ConnectionBudget;
import io.pgvs3.store.config.DbTransportPolicy;
import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.layout.LayoutGate;
import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.namespace.NamespaceCache;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import javax.sql.DataSource;

/**
 * Checks (or creates) the storage layout when the application starts; the other beans refuse work until
 * it succeeded (through the {@link LayoutGate} they keep). Also owns the gateway-wide bucket-name cache.
 * A failed check does not stop the application (health reports not ready); the gate retries it. Before
 * anything else, a remote database without verified TLS is refused for good (no connection is opened).
 */
@Startup
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class LayoutBean {

    @EJB
    private DatabaseBean database;

    @Inject
    private StoreConfig config;

    private volatile LayoutGate gate;
    private volatile DataAccess access;

    @PostConstruct
    void start() {
        DataSource main = database.main();
        access = new DataAccess(main, database.mainReads(), database.chunk(), new NamespaceCache(main));
        gate = new LayoutGate(main, config.readOnly(), DbTransportPolicy.refusal(config.dbUrl(), config.allowPlaintext()),
                () -> ConnectionBudget.check(main, config.mainPoolMax(), config.chunkPoolMax()));
        gate.check();
    }

    public LayoutGate gate() {
        return gate;
    }

    /** The store's data-access path over this gateway's one namespace cache. */
    public DataAccess access() {
        return access;
    }
}
