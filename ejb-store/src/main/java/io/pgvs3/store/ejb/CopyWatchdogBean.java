package io.pgvs3.store.ejb;

import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.write.CopyWatchdogs;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Singleton;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Owns the gateway's {@link CopyWatchdogs} and the timer that checks them every second, so a stalled
 * COPY is aborted at most a second after its limit, the socket timeout of the pool it runs on
 * (docs/adr/0033). The writer beans take their pool's watchdog once, as a plain object.
 */
@Singleton
@LocalBean
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class CopyWatchdogBean {

    private static final Logger LOG = Logger.getLogger(CopyWatchdogBean.class.getName());
    private static final long CHECK_PERIOD_MS = 1_000;

    @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
    private ManagedScheduledExecutorService timer;

    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    private ManagedExecutorService aborts;

    @Inject
    private StoreConfig config;

    private CopyWatchdogs watchdogs;
    private ScheduledFuture<?> checks;

    @PostConstruct
    void start() {
        watchdogs = new CopyWatchdogs(Duration.ofSeconds(config.mainSocketTimeoutSeconds()),
                Duration.ofSeconds(config.chunkSocketTimeoutSeconds()), System::nanoTime, aborts);
        checks = timer.scheduleAtFixedRate(this::check, CHECK_PERIOD_MS, CHECK_PERIOD_MS, TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        checks.cancel(false);
    }

    public CopyWatchdogs watchdogs() {
        return watchdogs;
    }

    /** A failing check must not end the timer: a fixed-rate task that throws is never run again. */
    private void check() {
        try {
            watchdogs.check();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the COPY watchdog's check failed: " + e);
        }
    }
}
