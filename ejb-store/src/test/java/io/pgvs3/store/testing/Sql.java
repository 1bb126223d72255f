package io.pgvs3.store.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Direct queries for assertions about what the store left in the database. */
public final class Sql {

    private Sql() {
    }

    /** Ends backend {@code pid} (pg_terminate_backend) and waits, up to 10 s, until it has exited. */
    public static void terminate(int pid) throws SQLException {
        try (Connection admin = PostgresExtension.main().getConnection();
             PreparedStatement terminate = admin.prepareStatement("SELECT pg_terminate_backend(?, 10000)")) {
            terminate.setInt(1, pid);
            try (ResultSet rs = terminate.executeQuery()) {
                rs.next();
                assertTrue(rs.getBoolean(1), "backend " + pid + " did not exit");
            }
        }
    }

    public static String schemaOf(String bucket) throws SQLException {
        try (Connection c = PostgresExtension.main().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT schema_name FROM pgvs3.namespaces WHERE name = ?")) {
            ps.setString(1, bucket);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** A single number from {@code sql}, where {@code %s} is the bucket's schema. */
    public static long count(String bucket, String sql) throws SQLException {
        try (Connection c = PostgresExtension.main().getConnection();
             PreparedStatement ps = c.prepareStatement(String.format(sql, schemaOf(bucket)));
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    public static long chunkRows(String bucket) throws SQLException {
        return count(bucket, "SELECT count(*) FROM %s.chunks");
    }

    public static long lastFileId() throws SQLException {
        try (Connection c = PostgresExtension.main().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT last_value FROM pgvs3.file_ids");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
