package io.pgvs3.store.ejb;

import io.pgvs3.store.api.ReadCacheSnapshot;
import io.pgvs3.store.api.ReadCacheStats;
import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.read.ReadPins;
import io.pgvs3.store.read.ReadWindow;
import io.pgvs3.store.read.cache.ReadCache;
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
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import javax.sql.DataSource;
import org.postgresql.Driver;

/**
 * Owns the gateway-wide parts of the read path: the read-pin guard, the read cache and the ordered
 * read window with its workers and byte budget. The object beans take the window once, as a plain
 * object; the metrics read the cache's counters through {@link ReadCacheStats}.
 */
@Singleton
@LocalBean
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class ReadWindowBean implements ReadCacheStats {

    @Resource(lookup = "jdbc/pgvs3/chunk")
    private DataSource chunk;

    @Resource(lookup = "concurrent/pgvs3/readWindow")
    private ManagedExecutorService workers;

    @Inject
    private StoreConfig config;

    private ReadPins pins;
    private ReadCache cache;
    private ReadWindow window;

    @PostConstruct
    void start() {
        // the guard's session comes from the driver, not the pool: a pooled handle is taken back when the
        // component call that got it ends, and the guard lives across calls and threads (docs/adr/0029)
        Driver driver = new Driver();
        Properties login = new Properties();
        login.setProperty("user", config.dbUser());
        login.setProperty("password", config.dbPassword());
        login.setProperty("ApplicationName", "pgvs3-pins");
        login.setProperty("tcpKeepAlive", "true");
        // bounded like the pools' sessions (server.xml, docs/adr/0033); its calls are instant try-locks
        String seconds = String.valueOf(config.connectTimeoutSeconds());
        login.setProperty("connectTimeout", seconds);
        login.setProperty("loginTimeout", seconds);
        login.setProperty("socketTimeout", seconds);
        login.setProperty("cancelSignalTimeout", seconds);
        login.setProperty("logServerErrorDetail", "false");
        login.setProperty("options", "-c statement_timeout=" + seconds + "s -c lock_timeout="
                + config.lockTimeoutSeconds() + "s");
        pins = new ReadPins(() -> {
            Connection session = driver.connect(config.dbUrl(), login);
            if (session == null) {
                throw new SQLException("pgvs3.db.url is no PostgreSQL JDBC URL: " + config.dbUrl());
            }
            return session;
        });
        cache = new ReadCache(config.readCacheBytes(), ReadWindow.CACHE_BLOCK_BYTES);
        window = new ReadWindow(chunk, pins, workers, config.readWindowThreads(), config.readWindowBytes(), cache);
    }

    @PreDestroy
    void stop() {
        pins.close();
    }

    public ReadWindow window() {
        return window;
    }

    @Override
    public ReadCacheSnapshot snapshot() {
        return cache.snapshot();
    }
}
