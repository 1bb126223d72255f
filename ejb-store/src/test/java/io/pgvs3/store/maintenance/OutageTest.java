package io.pgvs3.store.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.sql.SessionSource;
import io.pgvs3.store.testing.PostgresExtension;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.logging.Level;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.postgresql.ds.PGSimpleDataSource;

@ExtendWith(PostgresExtension.class)
class OutageTest {

    /** Opens sessions on a database that is down (nothing listens) until {@link #up} switches it to a real one. */
    private static final class SwitchableSessions implements SessionSource {
        private volatile DataSource target;

        SwitchableSessions(DataSource target) {
            this.target = target;
        }

        void up(DataSource real) {
            target = real;
        }

        @Override
        public Connection open() throws SQLException {
            return target.getConnection();
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
        SwitchableSessions ds = new SwitchableSessions(stoppedDatabase());
        try (Maintenance maintenance = Maintenance.standard(ds, MaintenanceFixture.config(Duration.ZERO));
             LogCapture log = LogCapture.of(Maintenance.class)) {
            assertEquals(Maintenance.Outcome.FAILED, maintenance.tick());
            assertEquals(Maintenance.Outcome.FAILED, maintenance.tick());
            assertEquals(Maintenance.Outcome.FAILED, maintenance.tick());
            assertEquals(1, log.count(Level.WARNING), "one line per outage: " + log);
            assertEquals(3, maintenance.snapshot().errors());
            assertTrue(maintenance.snapshot().databaseOutage());

            ds.up(fx.main());
            assertEquals(Maintenance.Outcome.RAN, maintenance.tick());
            assertEquals(1, log.count(Level.INFO, "reaches the database again"), "and one when it is back: " + log);
            assertEquals(1, log.count(Level.INFO, "leads maintenance now"), log.toString());
            assertFalse(maintenance.snapshot().databaseOutage());
            assertEquals(3, maintenance.snapshot().errors());

            ds.up(stoppedDatabase());
            // what an outage does to the leader's session
            fx.query("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE application_name = 'pgvs3-maintenance'");
            assertEquals(Maintenance.Outcome.FAILED, maintenance.tick());
            assertEquals(2, log.count(Level.WARNING), "a new outage is logged again");
        }
    }

    @Test
    void aSessionThatCannotBeOpenedIsAnOutageToo() {
        SessionSource closed = () -> {
            throw new SQLException("the connection does not exist", "08003");
        };
        Maintenance maintenance = Maintenance.standard(closed, MaintenanceConfig.defaults());
        assertEquals(Maintenance.Outcome.FAILED, maintenance.tick());
        assertEquals(1, maintenance.snapshot().errors());
        assertTrue(maintenance.stop(Duration.ofSeconds(1)));
    }
}
