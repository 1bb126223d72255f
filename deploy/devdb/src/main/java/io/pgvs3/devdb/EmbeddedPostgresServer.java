package io.pgvs3.devdb;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The real PostgreSQL 18 server binaries from Maven Central, started with durability on.
 *
 * <p>zonky starts the postmaster with fsync off and synchronous_commit off; pgvs3 promises that what it
 * acknowledges survives a crash, so {@link #startDurable} turns fsync, synchronous_commit and
 * full_page_writes back on. Tests that do not test durability may use {@link #startFast}. Every
 * connection, local or TCP, logs in with the password (SCRAM), see {@link PasswordAuthentication}.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    public static final String USER = "postgres";

    /**
     * How long a durable start may take. zonky gives up after 10 s, but after a crash the server first
     * replays the WAL written since its last checkpoint (up to max_wal_size, 1 GB), which took longer than
     * that here after a write-heavy minute; below the 120 s {@code deploy/local/lib.sh} waits for it.
     */
    private static final Duration DURABLE_STARTUP_WAIT = Duration.ofSeconds(110);
    /**
     * No Unix-domain socket: everything connects over TCP, and the socket's lock file in the shared /tmp
     * outlives a killed server. PostgreSQL removes a stale lock only when the PID in it is gone, so once the
     * PID is reused by any process the port stays refused ("lock file ... already exists") until someone
     * deletes the file by hand.
     */
    static final String TCP_ONLY = "";

    private final EmbeddedPostgres postgres;
    private final String password;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres, String password) {
        this.postgres = postgres;
        this.password = password;
    }

    /** Keeps {@code dataDir} across restarts (the run command and the local stack). */
    public static EmbeddedPostgresServer startDurable(Path dataDir, int port, String password) throws IOException {
        return startDurable(dataDir, port, password, null);
    }

    /** {@link #startDurable(Path, int, String)} serving TCP only over TLS when {@code tls} is not null. */
    static EmbeddedPostgresServer startDurable(Path dataDir, int port, String password, ServerTls tls)
            throws IOException {
        Files.createDirectories(dataDir);
        try (PasswordAuthentication auth = new PasswordAuthentication(password)) {
            EmbeddedPostgres.Builder builder = auth.builder()
                    .setPort(port)
                    .setDataDirectory(dataDir)
                    .setCleanDataDirectory(false)
                    .setPGStartupWait(DURABLE_STARTUP_WAIT)
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("unix_socket_directories", TCP_ONLY)
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("full_page_writes", "on")
                    .setServerConfig("max_connections", "200")
                    .setServerConfig("shared_buffers", "256MB")
                    // a RESP SET load frees a page per SET that only a vacuum makes reusable (ADR 60): the
                    // launcher looks every second instead of every minute
                    .setServerConfig("autovacuum_naptime", "1s");
            if (tls != null) {
                tls.configure(builder);
            }
            return start(builder, dataDir, port, password, tls == null ? PasswordAuthentication.HBA
                    : PasswordAuthentication.TLS_HBA);
        }
    }

    /** A throwaway database with durability off, for tests that do not test durability. */
    public static EmbeddedPostgresServer startFast(String password) throws IOException {
        try (PasswordAuthentication auth = new PasswordAuthentication(password)) {
            EmbeddedPostgres.Builder builder = auth.builder()
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("unix_socket_directories", TCP_ONLY)
                    .setServerConfig("max_connections", "200");
            return start(builder, null, 0, password, PasswordAuthentication.HBA);
        }
    }

    /**
     * Starts the server and sets it up. A data directory kept from an earlier start ({@code dataDir} not
     * null, on {@code port}) may have been set up with another password; its refusal ends the start at
     * once (see {@link PasswordRefusalWatch}) instead of after the whole startup wait.
     */
    private static EmbeddedPostgresServer start(EmbeddedPostgres.Builder builder, Path dataDir, int port,
            String password, String hba) throws IOException {
        EmbeddedPostgres postgres;
        PasswordRefusalWatch watch = dataDir == null ? PasswordRefusalWatch.NONE
                : PasswordRefusalWatch.start(port, password);
        try {
            postgres = builder.start();
        } catch (IOException e) {
            throw watch.refusal().map(refusal -> PasswordAuthentication.refused(dataDir, refusal))
                    .orElseGet(() -> PasswordAuthentication.explain(e, dataDir));
        } finally {
            watch.close(); // before anything else waits: it clears the interrupt the watch gave this thread
        }
        if (watch.refusal().isPresent()) {
            postgres.close();
            throw PasswordAuthentication.refused(dataDir, watch.refusal().get());
        }
        EmbeddedPostgresServer server = new EmbeddedPostgresServer(postgres, password);
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            // the password of this start is the one that counts, also for a data directory made with another
            statement.execute("ALTER USER " + USER + " PASSWORD '" + password.replace("'", "''") + "'");
            PasswordAuthentication.enforce(connection, hba);
            try (ResultSet rs = statement.executeQuery("SHOW server_version_num")) {
                rs.next();
                if (Integer.parseInt(rs.getString(1)) < 180000) {
                    throw new IllegalStateException("embedded PostgreSQL is not 18: " + rs.getString(1));
                }
            }
        } catch (SQLException e) {
            postgres.close();
            throw new IOException("embedded PostgreSQL did not accept the setup: " + e.getMessage(), e);
        }
        return server;
    }

    public int port() {
        return postgres.getPort();
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/postgres";
    }

    public String password() {
        return password;
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }

    /**
     * Runs a durable server until the process is killed: {@code EmbeddedPostgresServer DATA_DIR PORT}.
     * The password comes from {@code PGVS3_DB_PASSWORD} (never from the command line); when
     * {@code PGVS3_DB_TLS_DIR} names a directory, the server uses its {@link ServerTls} files.
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: EmbeddedPostgresServer DATA_DIR PORT");
            System.exit(2);
        }
        String password = System.getenv().getOrDefault("PGVS3_DB_PASSWORD", "");
        if (password.isEmpty()) {
            System.err.println("PGVS3_DB_PASSWORD is not set: the embedded PostgreSQL needs a password");
            System.exit(2);
        }
        String tlsDir = System.getenv().getOrDefault("PGVS3_DB_TLS_DIR", "");
        EmbeddedPostgresServer server;
        try {
            server = startDurable(Path.of(args[0]), Integer.parseInt(args[1]), password,
                    tlsDir.isEmpty() ? null : ServerTls.in(Path.of(tlsDir)));
        } catch (IOException e) {
            System.err.println("embedded PostgreSQL did not start: " + e.getMessage());
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (IOException e) {
                System.err.println("embedded PostgreSQL did not stop cleanly: " + e.getMessage());
            }
        }));
        System.out.println("PostgreSQL 18 ready at " + server.jdbcUrl());
        Thread.currentThread().join();
    }
}
