package io.pgvs3.devdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded server's password rule, against the real PostgreSQL 18 binaries. */
class PasswordAuthenticationTest {

    @TempDir
    Path temp;

    @Test
    void aFreshServerRefusesAWrongPasswordAndAcceptsTheRightOne() throws Exception {
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.startFast("right-password")) {
            assertRefused(server.jdbcUrl(), "wrong-password");
            assertRefused(server.jdbcUrl(), "");
            try (Connection c = connect(server.jdbcUrl(), "right-password")) {
                assertEquals(0, nonScramRules(c));
            }
        }
    }

    @Test
    void aDataDirectoryMadeWithTrustIsUpgradedOnItsNextStart() throws Exception {
        Path data = temp.resolve("pgdata");
        int port = trustDirectory(data);
        assertTrue(Files.readString(data.resolve("pg_hba.conf")).contains("trust"));
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.startDurable(data, port, "new-password")) {
            assertRefused(server.jdbcUrl(), "wrong-password");
            try (Connection c = connect(server.jdbcUrl(), "new-password")) {
                assertEquals(0, nonScramRules(c));
            }
        }
        assertFalse(Files.readString(data.resolve("pg_hba.conf")).contains("trust"));
    }

    @Test
    void aDataDirectoryStartedWithAnotherPasswordIsRefusedInWords() throws Exception {
        Path data = temp.resolve("pgdata");
        int port = trustDirectory(data);
        EmbeddedPostgresServer.startDurable(data, port, "first-password").close();
        IOException e = assertThrows(IOException.class, () -> EmbeddedPostgresServer.startDurable(data, port, "other"));
        assertTrue(e.getMessage().contains("refused the password given in PGVS3_DB_PASSWORD"), e.getMessage());
        // the server's own refusal, seen while it started (not zonky giving up after its startup wait)
        assertTrue(e.getCause() instanceof SQLException s && "28P01".equals(s.getSQLState()), () -> "cause: " + e.getCause());
        // the refused server was stopped: the directory starts again, with its own password
        EmbeddedPostgresServer.startDurable(data, port, "first-password").close();
    }

    private static void assertRefused(String url, String password) {
        SQLException e = assertThrows(SQLException.class, () -> connect(url, password).close());
        assertTrue(e.getMessage().contains("password"), e.getMessage());
    }

    private static Connection connect(String url, String password) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", EmbeddedPostgresServer.USER);
        properties.setProperty("password", password);
        return DriverManager.getConnection(url, properties);
    }

    private static long nonScramRules(Connection c) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery(
                "SELECT count(*) FROM pg_hba_file_rules WHERE auth_method <> 'scram-sha-256' OR error IS NOT NULL")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** What the launcher did before: zonky's own initdb -A trust, on a port zonky chose; returns that port. */
    private static int trustDirectory(Path data) throws IOException {
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().setDataDirectory(data)
                .setCleanDataDirectory(false).start()) {
            return postgres.getPort();
        }
    }
}
