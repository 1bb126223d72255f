package io.pgvs3.e2e;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Direct JDBC to the stack's database (PGVS3_JDBC_URL from {@code stack.sh env}), for what S3 cannot show. */
final class Database {

    private Database() {
    }

    static Connection connect() throws SQLException {
        return DriverManager.getConnection(Stack.env("PGVS3_JDBC_URL"), Stack.env("PGVS3_DB_USER"),
                Stack.env("PGVS3_DB_PASSWORD"));
    }

    static String schemaOf(String bucket) throws SQLException {
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("SELECT schema_name FROM pgvs3.namespaces WHERE name = ?")) {
            ps.setString(1, bucket);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("no namespace " + bucket);
                }
                return rs.getString(1);
            }
        }
    }

    /** The chunked file of {@code key}; fails for inline objects. */
    static long fileIdOf(String bucket, String key) throws SQLException {
        return number("SELECT file_id FROM " + schemaOf(bucket) + ".objects WHERE key = ? AND file_id IS NOT NULL", key);
    }

    static long chunkRows(String bucket, long fileId) throws SQLException {
        return number("SELECT count(*) FROM " + schemaOf(bucket) + ".chunks WHERE file_id = " + fileId);
    }

    /** Sessions that hold maintenance leadership (docs/adr/0037). */
    static long maintenanceLeaderSessions() throws SQLException {
        return number("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pgvs3-maintenance'"
                + " AND datname = current_database()");
    }

    /** The rows of the bucket's objects table: what it holds here (an origin-backed bucket's cache). */
    static long objectRows(String bucket) throws SQLException {
        return number("SELECT count(*) FROM " + schemaOf(bucket) + ".objects");
    }

    /** The keys of the bucket's objects table, sorted: what an origin-backed bucket holds here. */
    static java.util.List<String> objectKeys(String bucket) throws SQLException {
        java.util.List<String> keys = new java.util.ArrayList<>();
        try (Connection c = connect();
             PreparedStatement ps = c.prepareStatement("SELECT key FROM " + schemaOf(bucket) + ".objects ORDER BY key COLLATE \"C\"");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                keys.add(rs.getString(1));
            }
        }
        return keys;
    }

    /** The range blocks an origin-backed bucket holds (ADR 52), of any version. */
    static long rangeBlocks(String bucket) throws SQLException {
        return number("SELECT count(*) FROM " + schemaOf(bucket) + ".origin_blocks");
    }

    /** Its range blocks of the origin's version {@code validator}. */
    static long rangeBlocks(String bucket, String validator) throws SQLException {
        return number("SELECT count(*) FROM " + schemaOf(bucket) + ".origin_blocks WHERE validator = ?", validator);
    }

    /** Chunk rows of the bucket that no object, upload part or range block references. */
    static long unreferencedChunkRows(String bucket) throws SQLException {
        String schema = schemaOf(bucket);
        return number("SELECT count(*) FROM " + schema + ".chunks c"
                + " WHERE NOT EXISTS (SELECT 1 FROM " + schema + ".objects o"
                + "                    WHERE o.file_id = c.file_id OR o.parts @> ARRAY[c.file_id])"
                + " AND NOT EXISTS (SELECT 1 FROM " + schema + ".upload_parts u WHERE u.file_id = c.file_id)"
                + " AND NOT EXISTS (SELECT 1 FROM " + schema + ".origin_blocks b WHERE b.file_id = c.file_id)");
    }

    /** Sessions of the stack's database waiting for an advisory lock (a key's lock, docs/architecture.md). */
    static long keyLockWaiters() throws SQLException {
        return number("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory'"
                + " AND datname = current_database()");
    }

    private static long number(String sql, String... params) throws SQLException {
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setString(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("no row for " + sql);
                }
                return rs.getLong(1);
            }
        }
    }
}
