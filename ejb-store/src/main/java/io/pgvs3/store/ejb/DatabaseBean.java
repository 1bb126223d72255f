package io.pgvs3.store.ejb;

import io.pgvs3.store.access.KeptReadSessions;
import io.pgvs3.store.breaker.DatabaseBreaker;
import io.pgvs3.store.breaker.GuardedDataSource;
import io.pgvs3.store.config.StoreConfig;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
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

    /** A kept read session unused this long goes back to the pool. */
    private static final long KEPT_IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);

    @Resource(lookup = "jdbc/pgvs3/main")
    private DataSource mainPool;

    @Resource(lookup = "jdbc/pgvs3/chunk")
    private DataSource chunkPool;

    @Resource
    private ManagedExecutorService workers;

    @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
    private ManagedScheduledExecutorService timer;

    @Inject
    private StoreConfig config;

    private DatabaseBreaker breaker;
    private DataSource main;
    private KeptReadSessions mainReads;
    private ScheduledFuture<?> releases;
    private DataSource chunk;

    @PostConstruct
    void start() {
        breaker = new DatabaseBreaker(DriverSessions.of(config, "pgvs3-probe"), workers);
        main = new GuardedDataSource(mainPool, breaker);
        chunk = new GuardedDataSource(chunkPool, breaker);
        mainReads = new KeptReadSessions(main, config.mainKeptReads(), KEPT_IDLE_NANOS, System::nanoTime);
        releases = timer.scheduleWithFixedDelay(mainReads::releaseIdle, 1, 1, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        releases.cancel(false);
        mainReads.close();
    }

    /** {@code jdbc/pgvs3/main}: metadata, listings, KV. */
    public DataSource main() {
        return main;
    }

    /** {@code jdbc/pgvs3/main} for autocommit reads, which keep a few sessions between them. */
    public DataSource mainReads() {
        return mainReads;
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
