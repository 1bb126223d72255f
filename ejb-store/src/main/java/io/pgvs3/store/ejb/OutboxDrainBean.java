package io.pgvs3.store.ejb;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.config.OriginSettings;
import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.layout.LayoutGate;
import io.pgvs3.store.origin.OutboxDrain;
import io.pgvs3.store.read.ObjectReader;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The write-back drain's timer (ADR 45): on every writable gateway, apart from the maintenance leader's
 * tick (a large upload must not hold up reaping), every {@code pgvs3.origin.drain.interval}. Flushes run
 * on {@code concurrent/pgvs3/originUploads}.
 */
@Startup
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class OutboxDrainBean {

    private static final Logger LOG = Logger.getLogger(OutboxDrainBean.class.getName());

    @Inject
    private StoreConfig config;

    @Resource
    private TimerService timerService;

    @Resource(lookup = "concurrent/pgvs3/originUploads")
    private ManagedExecutorService uploads;

    @EJB
    private LayoutBean layoutBean;

    @EJB
    private OriginBean originBean;

    @EJB
    private ReadWindowBean readWindowBean;

    private LayoutGate layout;
    private OutboxDrain drain;

    @PostConstruct
    void start() {
        if (config.readOnly()) {
            LOG.info("the write-back drain does not run on a read-only gateway");
            return;
        }
        OriginSettings settings = config.origin();
        layout = layoutBean.gate();
        DataAccess access = layoutBean.access().withPoolReads(); // a tick a second would keep a read session
        drain = new OutboxDrain(access, new ObjectReader(access, readWindowBean.window()),
                originBean.clients(), originBean.sender(), uploads, settings.uploadConcurrency(),
                settings.flushLease(), originBean.meter());
        long every = settings.drainInterval().toMillis();
        timerService.createIntervalTimer(every, every, new TimerConfig("pgvs3-outbox-drain", false));
    }

    @Timeout
    void onTimeout(Timer timer) {
        try {
            layout.require();
            if (!layout.readOnly()) {
                drain.tick();
            }
        } catch (StoreException e) {
            LOG.log(Level.FINE, e, () -> "outbox drain tick skipped: " + e.getMessage());
        }
    }

    @PreDestroy
    void stop() {
        Timers.cancelAll(timerService);
    }
}
