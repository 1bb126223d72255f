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
    /** Every connection logs in with the password. */
    static final String HBA = rules("host", "");
    /** {@link #HBA} for a server with TLS on ({@link ServerTls}): TCP only over TLS, plain TCP rejected. */
    static final String TLS_HBA = rules("hostssl", ", and a TCP connection must use TLS");

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
                return refused(dataDir, failure);
            }
        }
        return failure;
    }

    /** The server in {@code dataDir} refused the password ({@code cause} says how), in words. */
    static IOException refused(Path dataDir, Exception cause) {
        return new IOException("the embedded PostgreSQL in " + dataDir + " refused the password given in"
                + " PGVS3_DB_PASSWORD: the data directory was set up with another one (was the state"
                + " directory's db-password file replaced?)", cause);
    }

    private static long count(Statement statement, String sql) throws SQLException {
        try (ResultSet rs = statement.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** pg_hba.conf lines: SCRAM for local and loopback TCP ({@code tcp}), or a TLS-only one that rejects the rest. */
    private static String rules(String tcp, String why) {
        StringBuilder rules = new StringBuilder("# Written by pgvs3's embedded database launcher: every connection"
                + " logs in with the password" + why + ".\n");
        for (String database : new String[] {"all", "replication"}) {
            rules.append(String.format("%-9s %-13s all %-18s %s%n", "local", database, "", METHOD));
            for (String loopback : new String[] {"127.0.0.1/32", "::1/128"}) {
                rules.append(String.format("%-9s %-13s all %-18s %s%n", tcp, database, loopback, METHOD));
            }
            if (tcp.equals("hostssl")) {
                for (String any : new String[] {"0.0.0.0/0", "::/0"}) {
                    rules.append(String.format("%-9s %-13s all %-18s reject%n", "hostnossl", database, any));
                }
            }
        }
        return rules.toString();
    }

    @Override
    public void close() throws IOException {
        Files.deleteIfExists(passwordFile);
    }
}
