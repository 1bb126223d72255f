package io.pgvs3.store.ejb;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.config.ConnectionBudget;
import io.pgvs3.store.config.DbTransportPolicy;
import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.layout.LayoutManager;
import io.pgvs3.store.layout.LayoutStatus;
import io.pgvs3.store.namespace.NamespaceCache;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Checks (or creates) the storage layout when the application starts and records the outcome; the
 * other beans refuse work until it succeeded. Also owns the gateway-wide bucket-name cache. A failed
 * check does not stop the application (health reports not ready); {@link #verified} retries it. Before
 * anything else, a remote database without verified TLS is refused for good (no connection is opened).
 */
@Startup
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class LayoutBean {

    private static final Logger LOG = Logger.getLogger(LayoutBean.class.getName());

    @Resource(lookup = "jdbc/pgvs3/main")
    private DataSource main;

    @Inject
    private StoreConfig config;

    private volatile String refusal;
    private volatile LayoutStatus status;
    private volatile String failure = "the layout check has not run";
    private volatile NamespaceCache namespaces;
    private volatile long lastAttemptNanos;

    /** A failed check is retried on demand, but not more often than this. */
    private static final long RETRY_NANOS = 10_000_000_000L;

    @PostConstruct
    void start() {
        namespaces = new NamespaceCache(main);
        refusal = DbTransportPolicy.refusal(config.dbUrl(), config.allowPlaintext());
        if (refusal != null) {
            failure = refusal;
            LOG.severe(refusal);
            return;
        }
        check();
    }

    private synchronized void check() {
        if (status != null || refusal != null) {
            return;
        }
        lastAttemptNanos = System.nanoTime();
        try {
            status = new LayoutManager(main).ensure();
            failure = null;
            ConnectionBudget.check(main, config.mainPoolMax(), config.chunkPoolMax());
        } catch (SQLException | RuntimeException e) {
            failure = e.getMessage();
            LOG.log(Level.SEVERE, "storage layout check failed: " + e.getMessage(), e);
        }
    }

    /** Whether the layout is verified; a failed check is retried, at most every {@link #RETRY_NANOS}. */
    public boolean verified() {
        if (status == null && System.nanoTime() - lastAttemptNanos > RETRY_NANOS) {
            check();
        }
        return status != null;
    }

    /** True when the database must not be used at all (see {@link DbTransportPolicy}). */
    public boolean refused() {
        return refusal != null;
    }

    /** @throws StoreException UNAVAILABLE with the reason the layout is not usable */
    public void requireLayout() {
        if (!verified()) {
            throw new StoreException(StoreError.UNAVAILABLE, "storage layout not verified: " + failure);
        }
    }

    public LayoutStatus status() {
        return status;
    }

    public String failure() {
        return failure;
    }

    public NamespaceCache namespaces() {
        return namespaces;
    }
}
