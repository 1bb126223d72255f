package io.pgvs3.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.StoreHealth;
import io.pgvs3.store.api.StoreReadiness;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/** The @Startup layout check ran when the container started the beans, and created the catalog. */
@InLiberty
class LayoutIT {

    @Deployment
    static WebArchive deployment() {
        return Deployments.store(LayoutIT.class);
    }

    @EJB
    private StoreHealth health;

    @Resource(lookup = "jdbc/pgvs3/main")
    private DataSource main;

    @Test
    void startupCheckVerifiedTheLayoutAndTheStoreIsReady() {
        assertNotNull(health, "StoreHealth was not injected");
        // layoutVerified() never runs the check itself: true means LayoutBean's @PostConstruct succeeded
        assertTrue(health.layoutVerified(), "the @Startup layout check did not succeed");
        StoreReadiness readiness = health.readiness();
        assertTrue(readiness.layout(), "layout not right: " + readiness.problem());
        assertTrue(readiness.mainPool() && readiness.chunkPool(), "a pool does not answer: " + readiness.problem());
    }

    @Test
    void catalogTablesExist() throws SQLException {
        try (Connection c = main.getConnection(); Statement s = c.createStatement()) {
            for (String relation : new String[] {"pgvs3.layout", "pgvs3.namespaces", "pgvs3.file_ids"}) {
                try (ResultSet rs = s.executeQuery("SELECT to_regclass('" + relation + "') IS NOT NULL")) {
                    assertTrue(rs.next() && rs.getBoolean(1), relation + " does not exist");
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT version FROM pgvs3.layout")) {
                assertTrue(rs.next(), "pgvs3.layout is empty");
                assertEquals(4, rs.getInt(1), "layout version");
            }
        }
    }
}
