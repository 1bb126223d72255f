package io.pgvs3.store.ejb;

import io.pgvs3.store.api.MaintenanceStats;
import io.pgvs3.store.api.StoreHealth;
import io.pgvs3.store.api.StoreStats;
import io.pgvs3.store.metrics.GarbageMetrics;
import io.pgvs3.store.metrics.Gauges;
import io.pgvs3.store.metrics.MaintenanceMetrics;
import io.pgvs3.store.metrics.ReadCacheMetrics;
import io.pgvs3.store.metrics.ReplicationMetrics;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * Publishes the store's own gauges once, when the application starts (docs/adr/0042): the garbage queue,
 * the maintenance and read-cache counters and a standby's replay lag. A scrape reads them through the
 * beans that own the numbers, so it makes the same calls a web module would.
 */
@Startup
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class StoreMetricsBean {

    @Inject
    private MetricRegistry registry;

    @EJB
    private StoreStats stats;

    @EJB
    private MaintenanceStats maintenance;

    @EJB
    private ReadWindowBean readWindow;

    @EJB
    private StoreHealth health;

    @PostConstruct
    void register() {
        Gauges gauges = new Gauges(registry);
        new GarbageMetrics(gauges, stats::report).register();
        new MaintenanceMetrics(gauges, maintenance::snapshot).register();
        new ReadCacheMetrics(gauges, readWindow::snapshot).register();
        new ReplicationMetrics(gauges, health::replication).register();
    }
}
