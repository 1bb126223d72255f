package io.pgvs3.store.ejb;

import io.pgvs3.store.config.OriginSettings;
import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.metrics.OriginMetrics;
import io.pgvs3.store.origin.OriginClients;
import io.pgvs3.store.origin.OriginMeter;
import io.pgvs3.store.origin.OriginObjects;
import io.pgvs3.store.origin.OriginSender;
import io.pgvs3.store.origin.SpoolBudget;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.util.concurrent.Semaphore;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * What this gateway's origin work shares across requests (ADR 45): one client per origin, the spool's
 * budget, the fill slots and the counters. The façade beans build their origin workers over it.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class OriginBean {

    private static final java.time.Duration FILL_POLL = java.time.Duration.ofMillis(20);

    @Inject
    private StoreConfig config;

    @Inject
    private MetricRegistry registry;

    @Resource(lookup = "concurrent/pgvs3/originFills")
    private ManagedExecutorService downloads;

    private OriginClients clients;
    private SpoolBudget spools;
    private OriginSender sender;
    private Semaphore fillSlots;
    private OriginMeter meter;

    @PostConstruct
    void start() {
        OriginSettings settings = config.origin();
        meter = new OriginMetrics(registry);
        clients = new OriginClients(config::variable, settings.connectTimeout(), settings.readTimeout(), meter);
        spools = new SpoolBudget(settings.spoolMemoryBytes(), settings.spoolDiskBytes(), settings.spoolDirectory());
        fillSlots = new Semaphore(settings.fillConcurrency(), true);
        sender = new OriginSender(spools, settings.uploadPartBytes());
    }

    @PreDestroy
    void stop() {
        clients.close();
    }

    public OriginClients clients() {
        return clients;
    }

    public SpoolBudget spools() {
        return spools;
    }

    /** How stored objects reach their origins: one PUT, or a multipart upload above the part size. */
    public OriginSender sender() {
        return sender;
    }

    /** The fills this gateway may run at once (pgvs3.origin.fill.concurrency). */
    public Semaphore fillSlots() {
        return fillSlots;
    }

    /** How this gateway's fills wait; waiters look for a fill's publication every 20 ms. */
    public OriginObjects.FillTiming fillTiming() {
        OriginSettings settings = config.origin();
        return new OriginObjects.FillTiming(settings.admissionWait(), settings.fillWait(), FILL_POLL,
                settings.fillLease());
    }

    /** Where fills download while their publication follows the spool. */
    public ManagedExecutorService downloads() {
        return downloads;
    }

    public OriginMeter meter() {
        return meter;
    }
}
