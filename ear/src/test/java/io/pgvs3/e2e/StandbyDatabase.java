package io.pgvs3.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL 18 streaming standby of a running primary on this host, made from the primary's own
 * binaries. The embedded distribution has no pg_basebackup (only initdb, pg_ctl and postgres), so the base
 * backup is PostgreSQL's documented low-level one: pg_backup_start, a copy of the data directory,
 * pg_backup_stop's backup_label. A physical slot keeps the WAL from the backup on; standby.signal and
 * primary_conninfo are what {@code pg_basebackup -R} would write. hot_standby_feedback is on, as
 * docs/operations.md recommends for read-only gateways; it is in postgresql.auto.conf, not on the command
 * line, so that {@link #conflictsAtOnce} can turn it off with ALTER SYSTEM.
 */
final class StandbyDatabase implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final String SLOT = "pgvs3_e2e_standby";
    /** Server state a copy must not take along; the standby gets its WAL by streaming. */
    private static final Set<String> NOT_COPIED = Set.of("postmaster.pid", "postmaster.opts");
    private static final Set<String> EMPTIED = Set.of("pg_wal", "pg_replslot");

    private final Path dataDir;
    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final Process postgres;

    private StandbyDatabase(Path dataDir, String jdbcUrl, String user, String password, Process postgres) {
        this.dataDir = dataDir;
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.postgres = postgres;
    }

    /** Backs up the primary into {@code dataDir} (emptied first) and starts the standby on {@code port}. */
    static StandbyDatabase start(String primaryUrl, String user, String password, Path dataDir, int port)
            throws IOException, SQLException, InterruptedException {
        stopLeftover(dataDir);
        deleteRecursively(dataDir);
        Path binaries;
        int primaryPort;
        try (Connection primary = DriverManager.getConnection(primaryUrl, user, password);
             Statement s = primary.createStatement()) {
            binaries = Path.of(text(s, "SELECT setting FROM pg_config WHERE name = 'BINDIR'"));
            Path primaryData = Path.of(text(s, "SHOW data_directory"));
            primaryPort = Integer.parseInt(text(s, "SHOW port"));
            s.execute("SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = '"
                    + SLOT + "'");
            s.execute("SELECT pg_create_physical_replication_slot('" + SLOT + "', true)");
            s.execute("SELECT pg_backup_start('pgvs3-e2e-standby', true)");
            copyDataDirectory(primaryData, dataDir);
            Files.writeString(dataDir.resolve("backup_label"), text(s, "SELECT labelfile FROM pg_backup_stop(false)"));
        }
        Files.writeString(dataDir.resolve("standby.signal"), "");
        Files.writeString(dataDir.resolve("postgresql.auto.conf"), String.join("\n",
                // the primary asks for the password (SCRAM, docs/adr/0032), replication connections too
                "primary_conninfo = 'host=127.0.0.1 port=" + primaryPort + " user=" + user
                        + " password=" + plainConninfoValue(password) + " application_name=pgvs3-e2e-standby'",
                "primary_slot_name = '" + SLOT + "'", "hot_standby_feedback = on", ""), StandardOpenOption.APPEND);
        String jdbcUrl = "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
        StandbyDatabase standby = new StandbyDatabase(dataDir, jdbcUrl, user, password,
                launch(binaries, dataDir, port));
        standby.awaitRecoveryConnections();
        return standby;
    }

    String jdbcUrl() {
        return jdbcUrl;
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, user, password);
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

    /** Fast shutdown (SIGINT), then SIGKILL if it takes too long; the data directory stays for inspection. */
    @Override
    public void close() throws IOException, InterruptedException {
        if (postgres.isAlive()) {
            new ProcessBuilder("kill", "-INT", String.valueOf(postgres.pid())).inheritIO().start().waitFor();
            if (!postgres.waitFor(60, TimeUnit.SECONDS)) {
                postgres.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    private static Process launch(Path binaries, Path dataDir, int port) throws IOException {
        List<String> command = new ArrayList<>();
        if ("root".equals(System.getProperty("user.name"))) {
            // PostgreSQL refuses to run as root; a user namespace makes it someone else, as zonky does
            command.addAll(List.of("unshare", "-U"));
        }
        command.addAll(List.of(binaries.resolve("postgres").toString(), "-D", dataDir.toString(),
                "-p", String.valueOf(port), "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200",
                "-c", "unix_socket_directories=" + dataDir));
        Path log = dataDir.resolveSibling(dataDir.getFileName() + ".log");
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The stack's generated password, which needs no quoting in a connection string inside a setting. */
    private static String plainConninfoValue(String value) {
        if (!value.matches("[A-Za-z0-9]+")) {
            throw new IllegalArgumentException("the standby harness expects an alphanumeric database password");
        }
        return value;
    }

    private void awaitRecoveryConnections() throws InterruptedException, IOException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (true) {
            try (Connection c = connect(); Statement s = c.createStatement()) {
                if (text(s, "SELECT pg_is_in_recovery()::text").equals("true")) {
                    return;
                }
                throw new IllegalStateException("the standby is not in recovery");
            } catch (SQLException e) {
                if (!postgres.isAlive() || System.nanoTime() > deadline) {
                    close();
                    throw new IllegalStateException("the standby did not accept connections: " + e.getMessage()
                            + "\n" + Files.readString(dataDir.resolveSibling(dataDir.getFileName() + ".log")), e);
                }
                Thread.sleep(200);
            }
        }
    }

    /** Files may come and go while the primary runs; the backup label makes the copy consistent on replay. */
    private static void copyDataDirectory(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path relative = from.relativize(path);
                if (relative.getNameCount() > 0 && skipped(relative)) {
                    continue;
                }
                Path target = to.resolve(relative.toString());
                try {
                    if (Files.isDirectory(path)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(path, target, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                } catch (NoSuchFileException vanished) {
                    // a temporary file removed during the copy: PostgreSQL's backup rules allow that
                }
            }
        }
        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rwx------"));
    }

    private static boolean skipped(Path relative) {
        String first = relative.getName(0).toString();
        return (relative.getNameCount() == 1 && NOT_COPIED.contains(first))
                || (relative.getNameCount() > 1 && EMPTIED.contains(first));
    }

    /** A postmaster left by a killed test JVM still holds the port and the directory. */
    private static void stopLeftover(Path dataDir) throws IOException, InterruptedException {
        Path pidFile = dataDir.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
        var leftover = ProcessHandle.of(pid).filter(p -> p.info().command().orElse("").endsWith("postgres"));
        if (leftover.isPresent()) {
            leftover.get().destroyForcibly();
            leftover.get().onExit().join();
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private static String text(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
