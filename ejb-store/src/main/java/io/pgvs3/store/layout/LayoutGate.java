package io.pgvs3.store.layout;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Whether the storage layout has been checked (or created) and may be used. Every store call asks it
 * first, so it is a plain object held by each bean: once verified, the question is one volatile read,
 * not a call into another EJB. A failed check is retried on demand, at most every 10 s; a database
 * refused for its transport (see {@code DbTransportPolicy}) is refused for good.
 */
public final class LayoutGate {

    private static final Logger LOG = Logger.getLogger(LayoutGate.class.getName());

    /** A failed check is retried on demand, but not more often than this. */
    private static final long RETRY_NANOS = 10_000_000_000L;

    private final DataSource main;
    private final boolean readOnly;
    private final String refusal;
    private final Runnable afterVerified;
    private volatile LayoutStatus status;
    private volatile String failure = "the layout check has not run";
    private volatile long lastAttemptNanos;

    /**
     * @param readOnly      {@code pgvs3.read-only}: verify the layout, never create it
     * @param refusal       why the database must not be used at all, or null
     * @param afterVerified run once, when the check first succeeds (e.g. the connection budget check)
     */
    public LayoutGate(DataSource main, boolean readOnly, String refusal, Runnable afterVerified) {
        this.main = main;
        this.readOnly = readOnly;
        this.refusal = refusal;
        this.afterVerified = afterVerified;
        if (refusal != null) {
            failure = refusal;
            LOG.severe(refusal);
        }
    }

    /** Runs the check unless it already succeeded or the database is refused. */
    public synchronized void check() {
        if (status != null || refusal != null) {
            return;
        }
        lastAttemptNanos = System.nanoTime();
        try {
            status = new LayoutManager(main, readOnly).ensure();
            failure = null;
            afterVerified.run();
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

    /** True when the database must not be used at all. */
    public boolean refused() {
        return refusal != null;
    }

    /** @throws StoreException UNAVAILABLE with the reason the layout is not usable */
    public void require() {
        if (status == null && !verified()) {
            throw new StoreException(StoreError.UNAVAILABLE, "storage layout not verified: " + failure);
        }
    }

    /**
     * Whether this gateway uses its database read-only: configured so, or found in recovery by the check.
     * Before the check succeeded only the setting counts.
     */
    public boolean readOnly() {
        LayoutStatus current = status;
        return readOnly || (current != null && current.readOnly());
    }

    public LayoutStatus status() {
        return status;
    }

    public String failure() {
        return failure;
    }
}
