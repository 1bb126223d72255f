package io.pgvs3.store.kv;

import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.write.FileRefs;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes of whole values as one multi-row statement over arrays (one statement text for any batch size,
 * so it stays prepared). Overwrites report the replaced file through PostgreSQL 18's {@code RETURNING
 * old.*}, with no pre-read; the caller releases those files once, after all its writes.
 */
final class KvUpsert {

    private static final String ROWS = Namespace.withFragments("""
            INSERT INTO %1$s.objects AS o (key, size, etag, sha256, inline_data, inline_zstd, file_id, expires_at)
            SELECT k, s, '', ''::bytea, d, z, f, %2$s
              FROM unnest(?::text[], ?::int8[], ?::bytea[], ?::bool[], ?::int8[], ?::int8[]) AS v(k, s, d, z, f, e)
            """, String.format(KvRow.MILLIS, "e"));
    private static final String UPSERT = ROWS + """
            ON CONFLICT (key) DO UPDATE SET size = excluded.size, inline_data = excluded.inline_data,
                inline_zstd = excluded.inline_zstd, file_id = excluded.file_id, expires_at = excluded.expires_at,
                modified_at = now()
            RETURNING old.file_id, old.parts""";
    /** For keys that had no row when the transaction locked its keys: a concurrent first insert wins. */
    private static final String INSERT_NEW = ROWS + "ON CONFLICT (key) DO NOTHING";

    /** One row to write. */
    record Row(String key, StoredValue value, long expiresAt) {
    }

    private KvUpsert() {
    }

    /** Upserts {@code rows} (distinct keys); returns the files the overwritten rows referenced. */
    static List<Long> upsert(Connection c, Namespace ns, List<Row> rows) throws SQLException {
        List<Long> replaced = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ns.sql(UPSERT))) {
            bind(ps, rows);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    replaced.addAll(FileRefs.of(rs, 1, 2));
                }
            }
        }
        return replaced;
    }

    /** Inserts rows for keys that had none; false when another transaction inserted one of them first. */
    static boolean insertNew(Connection c, Namespace ns, List<Row> rows) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(INSERT_NEW))) {
            bind(ps, rows);
            return ps.executeUpdate() == rows.size();
        }
    }

    /**
     * Java arrays go to PgJDBC as they are: it sends each in its binary form under the type its element class
     * gives, where {@code createArrayOf} + {@code setArray} looked the SQL type up by name twice per array.
     */
    private static void bind(PreparedStatement ps, List<Row> rows) throws SQLException {
        int n = rows.size();
        String[] keys = new String[n];
        long[] sizes = new long[n];
        byte[][] inline = new byte[n][];
        boolean[] zstd = new boolean[n];
        Long[] files = new Long[n];
        Long[] expires = new Long[n];
        for (int i = 0; i < n; i++) {
            Row r = rows.get(i);
            keys[i] = r.key();
            sizes[i] = r.value().size();
            inline[i] = r.value().inline();
            zstd[i] = r.value().zstd();
            files[i] = r.value().fileId();
            expires[i] = r.expiresAt() == KvEntry.PERSISTENT ? null : r.expiresAt();
        }
        ps.setObject(1, keys);
        ps.setObject(2, sizes);
        ps.setObject(3, inline);
        ps.setObject(4, zstd);
        ps.setObject(5, files);
        ps.setObject(6, expires);
    }
}
