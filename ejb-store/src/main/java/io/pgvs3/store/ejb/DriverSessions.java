package io.pgvs3.store.ejb;

import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.sql.SessionSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.postgresql.Driver;

/**
 * Sessions straight from the PgJDBC driver, outside the pools, for the few sessions a gateway keeps for
 * itself (docs/adr/0029, docs/adr/0037): same URL and login as the pools, their own application name.
 */
final class DriverSessions {

    private DriverSessions() {
    }

    static SessionSource of(StoreConfig config, String applicationName) {
        Driver driver = new Driver();
        Properties login = new Properties();
        login.setProperty("user", config.dbUser());
        login.setProperty("password", config.dbPassword());
        login.setProperty("ApplicationName", applicationName);
        login.setProperty("tcpKeepAlive", "true");
        // bounded like the pools' sessions (server.xml, docs/adr/0033); an owner that runs longer
        // statements lifts the limits on its own session (LongStatement)
        String seconds = String.valueOf(config.connectTimeoutSeconds());
        login.setProperty("connectTimeout", seconds);
        login.setProperty("loginTimeout", seconds);
        login.setProperty("socketTimeout", seconds);
        login.setProperty("cancelSignalTimeout", seconds);
        login.setProperty("logServerErrorDetail", "false"); // as the pools: no row values in the log
        login.setProperty("options", "-c statement_timeout=" + seconds + "s -c lock_timeout="
                + config.lockTimeoutSeconds() + "s");
        return () -> {
            Connection session = driver.connect(config.dbUrl(), login);
            if (session == null) {
                throw new SQLException("pgvs3.db.url is no PostgreSQL JDBC URL: " + config.dbUrl());
            }
            return session;
        };
    }
}
