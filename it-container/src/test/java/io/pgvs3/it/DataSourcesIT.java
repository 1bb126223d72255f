package io.pgvs3.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.annotation.Resource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * Both DataSources of the production server.xml, with the session settings their startup parameters give,
 * as a session comes and after RESET ALL (what a session that lifted a setting runs).
 */
@InLiberty
class DataSourcesIT {

    @Deployment
    static WebArchive deployment() {
        return Deployments.store(DataSourcesIT.class);
    }

    @Resource(lookup = "jdbc/pgvs3/main")
    private DataSource main;

    @Resource(lookup = "jdbc/pgvs3/chunk")
    private DataSource chunk;

    @Test
    void chunkPoolTurnsIndexScansOffPlansGenericallyAndNamesItself() throws SQLException {
        try (Connection c = chunk.getConnection()) {
            for (int reset = 0; reset < 2; reset++) {
                assertEquals("off", show(c, "enable_indexscan"));
                assertEquals("pgvs3-chunk", show(c, "application_name"));
                assertEquals("on", show(c, "synchronous_commit"));
                assertEquals("32", show(c, "effective_io_concurrency"));
                assertEquals("force_generic_plan", show(c, "plan_cache_mode"));
                resetAll(c);
            }
        }
    }

    @Test
    void mainPoolKeepsIndexScans() throws SQLException {
        try (Connection c = main.getConnection()) {
            for (int reset = 0; reset < 2; reset++) {
                assertEquals("on", show(c, "enable_indexscan"));
                assertEquals("pgvs3-main", show(c, "application_name"));
                assertEquals("on", show(c, "synchronous_commit"));
                assertEquals("auto", show(c, "plan_cache_mode"));
                resetAll(c);
            }
        }
    }

    @Test
    void connectionsUnwrapToThePgJdbcInterface() throws SQLException {
        for (DataSource ds : new DataSource[] {main, chunk}) {
            try (Connection c = ds.getConnection()) {
                assertTrue(c.isWrapperFor(PGConnection.class), "not a wrapper for PGConnection: " + c.getClass());
                // a proxy that implements the interface (never cast to the impl class); the driver classes are
                // the shared library's, so the interface seen here is the driver's own
                PGConnection pg = c.unwrap(PGConnection.class);
                assertNotNull(pg.getCopyAPI(), "no CopyManager");
                assertTrue(pg.getBackendPID() > 0, "no backend PID");
            }
        }
    }

    @Test
    void theDatabaseIsPostgreSql18() throws SQLException {
        try (Connection c = main.getConnection()) {
            assertTrue(Integer.parseInt(show(c, "server_version_num")) >= 180000, "not PostgreSQL 18");
        }
    }

    private static void resetAll(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET enable_indexscan = on; SET synchronous_commit = off;"
                    + " SET plan_cache_mode = force_custom_plan; RESET ALL");
        }
    }

    private static String show(Connection c, String setting) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW " + setting)) {
            assertTrue(rs.next());
            return rs.getString(1);
        }
    }
}
