package io.pgvs3.store.ejb;

import io.pgvs3.store.breaker.DatabaseBreaker;
import io.pgvs3.store.breaker.GuardedDataSource;
import io.pgvs3.store.config.StoreConfig;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import javax.sql.DataSource;

/**
 * The two container pools behind the gateway's one database breaker (docs/adr/0039). Every bean takes
 * its DataSources from here, as plain objects, so all of them share the breaker; its probes run on
 * managed-executor workers with a driver session of their own.
 */
@Singleton
@LocalBean
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class DatabaseBean {

    @Resource(lookup = "jdbc/pgvs3/main")
    private DataSource mainPool;

    @Resource(lookup = "jdbc/pgvs3/chunk")
    private DataSource chunkPool;

    @Resource
    private ManagedExecutorService workers;

    @Inject
    private StoreConfig config;

    private DatabaseBreaker breaker;
    private DataSource main;
    private DataSource chunk;

    @PostConstruct
    void start() {
        breaker = new DatabaseBreaker(DriverSessions.of(config, "pgvs3-probe"), workers);
        main = new GuardedDataSource(mainPool, breaker);
        chunk = new GuardedDataSource(chunkPool, breaker);
    }

    /** {@code jdbc/pgvs3/main}: metadata, listings, KV. */
    public DataSource main() {
        return main;
    }

    /** The breaker both DataSources share. */
    public DatabaseBreaker breaker() {
        return breaker;
    }

    /** {@code jdbc/pgvs3/chunk}: bytes. */
    public DataSource chunk() {
        return chunk;
    }
}
