package io.pgvs3.store.ejb;

import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.layout.LayoutGate;
import io.pgvs3.store.read.ReadPins;
import io.pgvs3.store.read.ReadWindow;
import io.pgvs3.store.read.cache.ReadCache;
import io.pgvs3.store.read.cache.ReadCacheSnapshot;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;

/**
 * Owns the gateway-wide parts of the read path: the read-pin guard, the read cache and the ordered
 * read window with its workers and byte budget. The object beans take the window once, as a plain
 * object; {@link StoreMetricsBean} reads the cache's counters through {@link #snapshot}.
 */
@Singleton
@LocalBean
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class ReadWindowBean {

    @EJB
    private DatabaseBean database;

    @Resource(lookup = "concurrent/pgvs3/readWindow")
    private ManagedExecutorService workers;

    @Inject
    private StoreConfig config;

    @EJB
    private LayoutBean layoutBean;

    private ReadPins pins;
    private ReadCache cache;
    private ReadWindow window;

    @PostConstruct
    void start() {
        // the guard's session comes from the driver, not the pool: a pooled handle is taken back when the
        // component call that got it ends, and the guard lives across calls and threads (docs/adr/0029)
        pins = new ReadPins(DriverSessions.of(config, "pgvs3-pins"));
        cache = new ReadCache(config.readCacheBytes(), ReadWindow.CACHE_BLOCK_BYTES);
        LayoutGate layout = layoutBean.gate();
        window = new ReadWindow(database.chunk(), pins, workers, config.readWindowThreads(), config.readWindowBytes(), cache,
                config.pieceQueries(), layout::readOnly);
    }

    @PreDestroy
    void stop() {
        pins.close();
    }

    public ReadWindow window() {
        return window;
    }

    public ReadCacheSnapshot snapshot() {
        return cache.snapshot();
    }
}
