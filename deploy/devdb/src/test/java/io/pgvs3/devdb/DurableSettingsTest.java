package io.pgvs3.devdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings the durable embedded server runs with, as PostgreSQL 18 reports them. */
class DurableSettingsTest {

    @TempDir
    Path temp;

    @Test
    void theDurableServerWritesThroughAndVacuumsEverySecond() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.startDurable(temp.resolve("pgdata"), port, "pw");
             Connection c = DriverManager.getConnection(server.jdbcUrl(), EmbeddedPostgresServer.USER, "pw");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("""
                     SELECT name, setting || coalesce(unit, '') FROM pg_settings
                      WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes', 'autovacuum', 'autovacuum_naptime')
                      ORDER BY name""")) {
            Map<String, String> found = new LinkedHashMap<>();
            while (rs.next()) {
                found.put(rs.getString(1), rs.getString(2));
            }
            assertEquals(Map.of("autovacuum", "on", "autovacuum_naptime", "1s", "fsync", "on", "full_page_writes", "on",
                    "synchronous_commit", "on"), found);
        }
    }
}
