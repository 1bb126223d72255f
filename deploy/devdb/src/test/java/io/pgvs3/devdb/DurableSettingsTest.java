package io.pgvs3.devdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.ServerSocket;
import java.nio.file.Files;
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
        int port = freePort();
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

    /**
     * A server killed with its socket lock in /tmp leaves the file behind; once its PID names a live process
     * that is not the new server's parent or grandparent (here a {@code sleep}), PostgreSQL takes the port for
     * taken. The embedded server has no socket, so it starts.
     */
    @Test
    void aStaleSocketLockInTmpDoesNotStopAStart() throws Exception {
        int port = freePort();
        Path staleLock = Path.of("/tmp/.s.PGSQL." + port + ".lock");
        Process liveStranger = new ProcessBuilder("sleep", "600").start();
        try {
            Files.writeString(staleLock, liveStranger.pid() + "\n/elsewhere/pgdata\n0\n" + port + "\n/tmp\n");
            try (EmbeddedPostgresServer server = EmbeddedPostgresServer.startDurable(temp.resolve("pgdata"), port, "pw");
                 Connection c = DriverManager.getConnection(server.jdbcUrl(), EmbeddedPostgresServer.USER, "pw");
                 Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SHOW unix_socket_directories")) {
                rs.next();
                assertEquals(EmbeddedPostgresServer.TCP_ONLY, rs.getString(1));
            }
        } finally {
            liveStranger.destroy();
            Files.deleteIfExists(staleLock);
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket free = new ServerSocket(0)) {
            return free.getLocalPort();
        }
    }
}
