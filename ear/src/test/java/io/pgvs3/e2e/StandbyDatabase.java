package io.pgvs3.e2e;

import static io.pgvs3.e2e.BaseBackup.text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

/**
 * A PostgreSQL 18 streaming standby of a running primary on this host, made from the primary's own
 * binaries and a {@link BaseBackup}. A physical slot keeps the WAL from the backup on; standby.signal and
 * primary_conninfo are what {@code pg_basebackup -R} would write. hot_standby_feedback is on, as
 * docs/operations.md recommends for read-only gateways; it is in postgresql.auto.conf, not on the command
 * line, so that {@link #conflictsAtOnce} can turn it off with ALTER SYSTEM.
 */
final class StandbyDatabase implements AutoCloseable {

    private static final String SLOT = "pgvs3_e2e_standby";

    private final LocalPostgres server;

    private StandbyDatabase(LocalPostgres server) {
        this.server = server;
    }

    /** Backs up the primary into {@code dataDir} (emptied first) and starts the standby on {@code port}. */
    static StandbyDatabase start(String primaryUrl, String user, String password, Path dataDir, int port)
            throws IOException, SQLException, InterruptedException {
        Path binaries;
        int primaryPort;
        try (Connection primary = DriverManager.getConnection(primaryUrl, user, password);
             Statement s = primary.createStatement()) {
            primaryPort = Integer.parseInt(text(s, "SHOW port"));
            s.execute("SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = '"
                    + SLOT + "'");
            s.execute("SELECT pg_create_physical_replication_slot('" + SLOT + "', true)");
            binaries = BaseBackup.take(s, "pgvs3-e2e-standby", dataDir);
        }
        Files.writeString(dataDir.resolve("standby.signal"), "");
        Files.writeString(dataDir.resolve("postgresql.auto.conf"), String.join("\n",
                // the primary asks for the password (SCRAM, docs/adr/0032), replication connections too
                "primary_conninfo = 'host=127.0.0.1 port=" + primaryPort + " user=" + user
                        + " password=" + plainConninfoValue(password) + " application_name=pgvs3-e2e-standby'",
                "primary_slot_name = '" + SLOT + "'", "hot_standby_feedback = on", ""), StandardOpenOption.APPEND);
        return new StandbyDatabase(LocalPostgres.start(binaries, dataDir, port, user, password, true));
    }

    String jdbcUrl() {
        return server.jdbcUrl();
    }

    Connection connect() throws SQLException {
        return server.connect();
    }

    /** Pauses replay and returns once it has stopped (a pause takes effect at the next WAL record). */
    void pauseReplay() throws SQLException, InterruptedException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("SELECT pg_wal_replay_pause()");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!text(s, "SELECT pg_get_wal_replay_pause_state()").equals("paused")) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("replay did not pause within 30 s");
                }
                Thread.sleep(50);
            }
        }
    }

    void resumeReplay() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("SELECT pg_wal_replay_resume()");
        }
    }

    /**
     * Recovery conflicts on demand: the standby stops telling the primary its oldest snapshot
     * (hot_standby_feedback off) and replay cancels a conflicting standby query at once
     * (max_standby_streaming_delay 0). Returns once the primary has forgotten the standby's xmin, so
     * its VACUUM removes what standby snapshots still see.
     */
    void conflictsAtOnce(Connection primary) throws SQLException, InterruptedException {
        reconfigure("ALTER SYSTEM SET hot_standby_feedback = off", "ALTER SYSTEM SET max_standby_streaming_delay = 0");
        try (Statement s = primary.createStatement()) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!text(s, "SELECT count(*) FROM pg_replication_slots WHERE slot_name = '" + SLOT
                    + "' AND xmin IS NOT NULL").equals("0")) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the primary still holds the standby's xmin after 30 s");
                }
                Thread.sleep(50);
            }
        }
    }

    /** Back to the harness's settings: feedback on, PostgreSQL's default streaming delay. */
    void conflictsAsConfigured() throws SQLException {
        reconfigure("ALTER SYSTEM SET hot_standby_feedback = on", "ALTER SYSTEM RESET max_standby_streaming_delay");
    }

    /** Recovery conflicts of queries with snapshots so far (pg_stat_database_conflicts.confl_snapshot). */
    long snapshotConflicts() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            return Long.parseLong(text(s, "SELECT confl_snapshot FROM pg_stat_database_conflicts"
                    + " WHERE datname = current_database()"));
        }
    }

    /** The number a {@code SELECT count(*) ...} on the standby answers. */
    long count(String query) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            return Long.parseLong(text(s, query));
        }
    }

    private void reconfigure(String... statements) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
            s.execute("SELECT pg_reload_conf()");
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        server.close();
    }

    /** The stack's generated password, which needs no quoting in a connection string inside a setting. */
    private static String plainConninfoValue(String value) {
        if (!value.matches("[A-Za-z0-9]+")) {
            throw new IllegalArgumentException("the standby harness expects an alphanumeric database password");
        }
        return value;
    }
}
