package io.pgvs3.store.ejb;

import io.pgvs3.store.api.MaintenanceSnapshot;
import io.pgvs3.store.api.MaintenanceStats;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.layout.LayoutGate;
import io.pgvs3.store.maintenance.Maintenance;
import io.pgvs3.store.maintenance.MaintenanceConfig;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Drives {@link Maintenance} from one programmatic, non-persistent interval timer created at startup
 * from {@code pgvs3.maintenance.interval} (see docs/adr/0003). Bean-managed concurrency: the tick
 * guards itself against overlap, and {@link #snapshot} never waits for a running tick. A read-only
 * gateway starts no timer; a tick against a database in recovery never becomes leader.
 */
@Startup
@Singleton
@DependsOn("LayoutBean")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class MaintenanceBean implements MaintenanceStats {

    private static final Logger LOG = Logger.getLogger(MaintenanceBean.class.getName());
    private static final Duration STOP_WAIT = Duration.ofSeconds(30);

    @Inject
    private StoreConfig storeConfig;

    @Resource
    private TimerService timerService;

    @EJB
    private LayoutBean layoutBean;

    /** Asked before every call; a plain object, so asking is no EJB invocation. */
    private LayoutGate layout;

    private volatile Maintenance maintenance;

    @PostConstruct
    void start() {
        layout = layoutBean.gate();
        MaintenanceConfig configured = MaintenanceConfig.from(ConfigProvider.getConfig());
        // every job writes; the primary's gateways maintain the data a standby replays (docs/adr/0035)
        MaintenanceConfig config = storeConfig.readOnly() ? configured.disabled() : configured;
        if (storeConfig.readOnly()) {
            LOG.info("maintenance does not run on a read-only gateway (pgvs3.read-only=true)");
        } else if (!config.enabled()) {
            LOG.info("maintenance is disabled on this gateway (pgvs3.maintenance.enabled=false)");
        }
        // the leader keeps its session from tick to tick, so it comes from the driver, not the pool
        maintenance = Maintenance.standard(DriverSessions.of(storeConfig, "pgvs3-maintenance"), config);
        if (!config.enabled()) {
            return;
        }
        long every = config.interval().toMillis();
        timerService.createIntervalTimer(every, every, new TimerConfig("pgvs3-maintenance", false));
        LOG.info(() -> "maintenance ticks every " + config.interval() + "; reaper grace " + config.reaperGrace()
                + ", at most " + config.maxRowsPerPass() + " rows per pass; uploads expire after "
                + config.uploadsExpireAfter());
    }

    @Timeout
    void onTimeout(Timer timer) {
        try {
            layout.require(); // retries a failed startup check, at most every 10 s
        } catch (StoreException e) {
            return;
        }
        maintenance.tick();
    }

    @PreDestroy
    void stop() {
        Timers.cancelAll(timerService);
        maintenance.stop(STOP_WAIT);
    }

    @Override
    public MaintenanceSnapshot snapshot() {
        return maintenance.snapshot();
    }
}
