package io.pgvs3.bench.run;

import io.pgvs3.bench.targets.SqlTarget;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * States what the database promised during the run: the settings that decide whether an acknowledged
 * PUT survives a crash, read from the server itself rather than assumed from a config file.
 */
public final class DatabaseSettings {
    private static final String QUERY = """
            SELECT string_agg(name || '=' || setting || coalesce(unit, ''), ' ' ORDER BY name)
            FROM pg_settings
            WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method',
                           'shared_buffers', 'max_connections')
            """;

    private DatabaseSettings() {
    }

    public static String describe(SqlTarget db) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT current_setting('server_version') AS v, (" + QUERY + ") AS s")) {
            rs.next();
            return "PostgreSQL " + rs.getString("v") + ": " + rs.getString("s");
        }
    }
}
