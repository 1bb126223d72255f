package io.pgvs3.devdb;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Password (SCRAM-SHA-256) authentication for every connection to the embedded server, local socket or TCP
 * (docs/adr/0032). zonky runs initdb with {@code -A trust}; a later {@code --auth} overrides it and
 * {@code --pwfile} gives the superuser its password. A data directory made with trust (before this
 * change) is upgraded when it starts: its pg_hba.conf is rewritten and reloaded once the password is set.
 * With {@link ServerTls} the TCP rules are {@code hostssl} and a connection without TLS is rejected.
 */
final class PasswordAuthentication implements AutoCloseable {

    static final String METHOD = "scram-sha-256";
    static final String HBA = """
            # Written by pgvs3's embedded database launcher: every connection logs in with the password.
            local   all             all                                     scram-sha-256
            host    all             all             127.0.0.1/32            scram-sha-256
            host    all             all             ::1/128                 scram-sha-256
            local   replication     all                                     scram-sha-256
            host    replication     all             127.0.0.1/32            scram-sha-256
            host    replication     all             ::1/128                 scram-sha-256
            """;
    /** {@link #HBA} for a server with TLS on ({@link ServerTls}): TCP only over TLS, plain TCP rejected. */
    static final String TLS_HBA = """
            # Written by pgvs3's embedded database launcher: every connection logs in with the password,
            # and a TCP connection must use TLS.
            local     all           all                                     scram-sha-256
            hostssl   all           all             127.0.0.1/32            scram-sha-256
            hostssl   all           all             ::1/128                 scram-sha-256
            local     replication   all                                     scram-sha-256
            hostssl   replication   all             127.0.0.1/32            scram-sha-256
            hostssl   replication   all             ::1/128                 scram-sha-256
            hostnossl all           all             0.0.0.0/0               reject
            hostnossl all           all             ::/0                    reject
            hostnossl replication   all             0.0.0.0/0               reject
            hostnossl replication   all             ::/0                    reject
            """;

    private final String password;
    private final Path passwordFile;

    PasswordAuthentication(String password) throws IOException {
        if (password == null || password.isEmpty()) {
            throw new IOException("the embedded PostgreSQL needs a password");
        }
        this.password = password;
        passwordFile = Files.createTempFile("pgvs3-initdb", ".pw",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(passwordFile, password, StandardCharsets.UTF_8);
    }

    /** A builder whose initdb sets up SCRAM with the password, and whose own connections use it. */
    EmbeddedPostgres.Builder builder() {
        return EmbeddedPostgres.builder()
                .setLocaleConfig("auth", METHOD)
                .setLocaleConfig("pwfile", passwordFile.toString())
                .setConnectConfig("password", password);
    }

    /**
     * Makes the server's pg_hba.conf {@code rules} (the upgrade of a trust directory, or a switch to or from
     * TLS), then reloads it; a file that already holds them is left alone.
     */
    static void enforce(Connection connection, String rules) throws SQLException, IOException {
        try (Statement statement = connection.createStatement()) {
            Path hba;
            try (ResultSet rs = statement.executeQuery("SHOW hba_file")) {
                rs.next();
                hba = Path.of(rs.getString(1));
            }
            if (count(statement, "SELECT count(*) FROM pg_hba_file_rules WHERE error IS NOT NULL") == 0
                    && Files.readString(hba, StandardCharsets.UTF_8).equals(rules)) {
                return;
            }
            Files.writeString(hba, rules, StandardCharsets.UTF_8);
            statement.execute("SELECT pg_reload_conf()");
            System.out.println("upgraded " + hba + " to password authentication (" + METHOD
                    + (rules.equals(TLS_HBA) ? ", TLS only over TCP)" : ")"));
        }
    }

    /** A failed start caused by a refused password, in words; other failures as they are. */
    static IOException explain(IOException failure, Path dataDir) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (String.valueOf(t.getMessage()).contains("password authentication failed")) {
                return new IOException("the embedded PostgreSQL in " + dataDir + " refused the password given in"
                        + " PGVS3_DB_PASSWORD: the data directory was set up with another one (was the state"
                        + " directory's db-password file replaced?)", failure);
            }
        }
        return failure;
    }

    private static long count(Statement statement, String sql) throws SQLException {
        try (ResultSet rs = statement.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Override
    public void close() throws IOException {
        Files.deleteIfExists(passwordFile);
    }
}
