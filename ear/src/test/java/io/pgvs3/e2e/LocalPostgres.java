package io.pgvs3.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A PostgreSQL 18 server this test JVM runs itself on a copied data directory ({@link BaseBackup}), with
 * the binaries of the server the copy came from: a standby, or a cluster restored to a point in time. Its
 * log is the file beside the data directory, {@code <data dir>.log}.
 */
final class LocalPostgres implements AutoCloseable {

    /** Long enough for a restore to replay a test's WAL from the archive. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final Path dataDir;
    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final Process postgres;

    private LocalPostgres(Path dataDir, String jdbcUrl, String user, String password, Process postgres) {
        this.dataDir = dataDir;
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.postgres = postgres;
    }

    /**
     * Starts the server on {@code port} and returns once it accepts connections and
     * {@code pg_is_in_recovery()} answers {@code inRecovery}: true for a standby, false for a restore that
     * has reached its target and been promoted.
     */
    static LocalPostgres start(Path binaries, Path dataDir, int port, String user, String password, boolean inRecovery)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if ("root".equals(System.getProperty("user.name"))) {
            // PostgreSQL refuses to run as root; a user namespace makes it someone else, as zonky does
            command.addAll(List.of("unshare", "-U"));
        }
        command.addAll(List.of(binaries.resolve("postgres").toString(), "-D", dataDir.toString(),
                "-p", String.valueOf(port), "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200",
                "-c", "unix_socket_directories=" + dataDir));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log(dataDir).toFile()).start();
        LocalPostgres server = new LocalPostgres(dataDir, "jdbc:postgresql://127.0.0.1:" + port + "/postgres", user,
                password, process);
        server.awaitRecoveryState(inRecovery);
        return server;
    }

    String jdbcUrl() {
        return jdbcUrl;
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, user, password);
    }

    /** What the server has logged so far. */
    String log() throws IOException {
        return Files.readString(log(dataDir));
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

    private static Path log(Path dataDir) {
        return dataDir.resolveSibling(dataDir.getFileName() + ".log");
    }

    private void awaitRecoveryState(boolean inRecovery) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        String last = "no connection yet";
        while (true) {
            try (Connection c = connect(); Statement s = c.createStatement()) {
                last = "pg_is_in_recovery() = " + BaseBackup.text(s, "SELECT pg_is_in_recovery()::text");
                if (last.endsWith(String.valueOf(inRecovery))) {
                    return;
                }
            } catch (SQLException e) {
                last = e.getMessage();
            }
            if (!postgres.isAlive() || System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException("the server on " + dataDir + " did not reach pg_is_in_recovery() = "
                        + inRecovery + " within " + START_TIMEOUT + " (last: " + last + ")\n" + log());
            }
            Thread.sleep(200);
        }
    }
}
