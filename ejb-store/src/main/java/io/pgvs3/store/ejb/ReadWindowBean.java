package io.pgvs3.store.ejb;

import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.read.ReadPins;
import io.pgvs3.store.read.ReadWindow;
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
import javax.sql.DataSource;

/**
 * Owns the gateway-wide parts of the read path: the read-pin guard and the ordered read window with
 * its workers and byte budget. The object beans take the window once, as a plain object.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class ReadWindowBean {

    @Resource(lookup = "jdbc/pgvs3/main")
    private DataSource main;

    @Resource(lookup = "jdbc/pgvs3/chunk")
    private DataSource chunk;

    @Resource(lookup = "concurrent/pgvs3/readWindow")
    private ManagedExecutorService workers;

    @Inject
    private StoreConfig config;

    private ReadPins pins;
    private ReadWindow window;

    @PostConstruct
    void start() {
        pins = new ReadPins(main);
        window = new ReadWindow(chunk, pins, workers, config.readWindowThreads(), config.readWindowBytes());
    }

    @PreDestroy
    void stop() {
        pins.close();
    }

    public ReadWindow window() {
        return window;
    }
}
