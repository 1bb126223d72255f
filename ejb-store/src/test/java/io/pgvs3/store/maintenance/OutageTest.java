package io.pgvs3.store.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.testing.PostgresExtension;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

@ExtendWith(PostgresExtension.class)
class OutageTest {

    /** Points at a database that is down (nothing listens) until {@link #up} switches it to a real one. */
    private static class SwitchableDataSource implements DataSource {
        private volatile DataSource target;

        SwitchableDataSource(DataSource target) {
            this.target = target;
        }

        void up(DataSource real) {
            target = real;
        }

        @Override
        public Connection getConnection() throws SQLException {
            return target.getConnection();
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return target.getConnection(user, password);
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }

    private static DataSource stoppedDatabase() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl("jdbc:postgresql://127.0.0.1:" + port + "/postgres");
        ds.setConnectTimeout(2);
        return ds;
    }

    @Test
    void anOutageIsCountedEveryTickLoggedOnceAndMaintenanceResumesWhenTheDatabaseIsBack() throws Exception {
        MaintenanceFixture fx = new MaintenanceFixture();
        fx.newBucket("outage");
        SwitchableDataSource ds = new SwitchableDataSource(stoppedDatabase());
        Maintenance maintenance = Maintenance.standard(ds, MaintenanceFixture.config(Duration.ZERO));
        try (LogCapture log = LogCapture.of(Maintenance.class)) {
            assertEquals(Maintenance.Outcome.FAILED, maintenance.tick());
            assertEquals(Maintenance.Outcome.FAILED, maintenance.tick());
            assertEquals(Maintenance.Outcome.FAILED, maintenance.tick());
            assertEquals(1, log.count(Level.WARNING), "one line per outage: " + log);
            assertEquals(3, maintenance.snapshot().errors());
            assertTrue(maintenance.snapshot().databaseOutage());

            ds.up(fx.main());
            assertEquals(Maintenance.Outcome.RAN, maintenance.tick());
            assertEquals(1, log.count(Level.INFO), "and one when it is back: " + log);
            assertFalse(maintenance.snapshot().databaseOutage());
            assertEquals(3, maintenance.snapshot().errors());

            ds.up(stoppedDatabase());
            assertEquals(Maintenance.Outcome.FAILED, maintenance.tick());
            assertEquals(2, log.count(Level.WARNING), "a new outage is logged again");
        }
    }

    @Test
    void aClosedPoolIsAnOutageToo() throws Exception {
        DataSource closed = new SwitchableDataSource(null) {
            @Override
            public Connection getConnection() throws SQLException {
                throw new SQLException("the pool is closed", "08003");
            }
        };
        Maintenance maintenance = Maintenance.standard(closed, MaintenanceConfig.defaults());
        assertEquals(Maintenance.Outcome.FAILED, maintenance.tick());
        assertEquals(1, maintenance.snapshot().errors());
        assertTrue(maintenance.stop(Duration.ofSeconds(1)));
    }
}
