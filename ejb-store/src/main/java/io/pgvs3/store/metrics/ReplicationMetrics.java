package io.pgvs3.store.metrics;

import io.pgvs3.store.api.ReplicationLag;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A standby's replay lag (docs/adr/0035), asked of the database at scrape time: bytes received but not
 * replayed, and seconds since the last replayed commit while replay trails. NaN on a gateway whose database
 * is no standby, and when the database cannot be asked, rather than a number that looks healthy.
 */
public final class ReplicationMetrics {

    private static final Logger LOG = Logger.getLogger(ReplicationMetrics.class.getName());

    private final Gauges metrics;
    private final Supplier<ReplicationLag> replication;

    /** {@code replication} asks the database ({@code StoreHealth.replication}): null on a primary. */
    public ReplicationMetrics(Gauges metrics, Supplier<ReplicationLag> replication) {
        this.metrics = metrics;
        this.replication = replication;
    }

    public void register() {
        metrics.sampled("pgvs3.replication.lag.bytes", "WAL bytes this gateway's standby received but has not replayed",
                this::lag, lag -> lag == null ? Double.NaN : lag.lagBytes());
        metrics.sampled("pgvs3.replication.lag.seconds",
                "0 when the standby replayed all it received, else the age of the last replayed commit",
                this::lag, lag -> lag == null ? Double.NaN : lag.lagSeconds());
    }

    /** The lag now, or null on a primary and when the database cannot be asked. */
    private ReplicationLag lag() {
        try {
            return replication.get();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "the replication lag could not be measured", e);
            return null;
        }
    }
}
