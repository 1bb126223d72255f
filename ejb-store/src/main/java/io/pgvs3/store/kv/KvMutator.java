package io.pgvs3.store.kv;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.KvChanges;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvMutation;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.KeyArrays;
import io.pgvs3.store.write.FileRefs;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Read-modify-write of a few keys in one transaction. Existing rows (expired ones too) are locked
 * {@code FOR UPDATE} in key order, so every other writer of them waits; a key without a row is written
 * with an insert that yields to a concurrent first insert, and then the whole mutation runs again on
 * what that writer committed. That makes INCR and friends atomic across gateways. A splice into a chunked
 * value rewrites only the chunk rows it changes and the row's size.
 */
final class KvMutator {

    private static final String LOCK = "SELECT " + KvRow.COLUMNS
            + " FROM %s.objects WHERE " + KeyArrays.KEY_IN_BOUND_ARRAY + " ORDER BY key FOR UPDATE";
    private static final String EXPIRE = Namespace.withFragments("UPDATE %s.objects SET expires_at = %s WHERE key = ?",
            String.format(KvRow.MILLIS, "?::int8"));
    private static final String DELETE = "DELETE FROM %s.objects WHERE key = ? RETURNING file_id, parts";
    private static final String RESIZE = "UPDATE %s.objects SET size = ?, modified_at = now() WHERE key = ?";

    private final DataAccess access;
    private final KvValues values;

    KvMutator(DataAccess access, KvValues values) {
        this.access = access;
        this.values = values;
    }

    <T> T mutate(int db, Namespace ns, List<byte[]> keys, boolean withValues, long now, KvMutation<T> mutation) {
        String[] encoded = KvKeys.encodeAll(keys);
        Set<String> allowed = new HashSet<>(List.of(encoded));
        return access.transactionRetryingRaces(KvDatabases.WRITE_ATTEMPTS, "write", KvDatabases.scope(db), c -> {
            Map<String, KvRow> rows = lock(c, ns, encoded);
            List<KvEntry> current = new ArrayList<>(encoded.length);
            for (String key : encoded) {
                KvRow row = rows.get(key);
                current.add(row == null || !row.liveAt(now) ? null : entry(c, ns, row, withValues));
            }
            KvChanges changes = new KvChanges();
            T result = mutation.apply(current, changes);
            apply(c, ns, rows, now, allowed, changes.list());
            return result;
        });
    }

    private static Map<String, KvRow> lock(Connection c, Namespace ns, String[] keys) throws SQLException {
        Map<String, KvRow> rows = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(ns.sql(LOCK))) {
            ps.setObject(1, keys);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    KvRow row = KvRow.of(rs);
                    rows.put(row.key(), row);
                }
            }
        }
        return rows;
    }

    private KvEntry entry(Connection c, Namespace ns, KvRow row, boolean withValues) throws SQLException {
        StoredValue v = row.value();
        byte[] bytes = !withValues ? null
                : v.fileId() == null ? values.inline(v.inline(), v.zstd(), v.size())
                : values.chunked(c, ns, v.fileId(), v.size());
        return new KvEntry(bytes, v.size(), row.expiresAt());
    }

    /** Applies the changes in order; {@code locked} are the rows as they were locked. */
    private void apply(Connection c, Namespace ns, Map<String, KvRow> locked, long now, Set<String> allowed,
                       List<KvChanges.Change> changes) throws SQLException {
        Set<String> rowExists = new HashSet<>(locked.keySet());
        Set<String> changed = new HashSet<>();
        List<Long> released = new ArrayList<>();
        for (KvChanges.Change change : changes) {
            String key = KvKeys.encode(change.key());
            if (!allowed.contains(key)) {
                throw new IllegalArgumentException("a mutation may only write the keys it locked");
            }
            boolean first = changed.add(key);
            if (change instanceof KvChanges.Put put) {
                write(c, ns, key, put.value(), put.expiresAt(), rowExists, released);
            } else if (change instanceof KvChanges.Splice splice) {
                if (!first) {
                    throw new IllegalArgumentException("a splice must be its key's only change");
                }
                splice(c, ns, key, locked.get(key), now, splice, rowExists, released);
            } else if (change instanceof KvChanges.Expire expire) {
                expire(c, ns, key, expire.expiresAt());
            } else {
                released.addAll(delete(c, ns, key));
                rowExists.remove(key);
            }
        }
        FileRefs.release(c, ns, released);
    }

    private void write(Connection c, Namespace ns, String key, byte[] value, long expiresAt, Set<String> rowExists,
                       List<Long> released) throws SQLException {
        List<KvUpsert.Row> row = List.of(new KvUpsert.Row(key, values.store(c, ns, value), expiresAt));
        if (rowExists.contains(key)) {
            released.addAll(KvUpsert.upsert(c, ns, row));
        } else if (!KvUpsert.insertNew(c, ns, row)) {
            throw new DataAccess.Retry();
        }
        rowExists.add(key);
    }

    /**
     * A live chunked value gets the splice in its chunk rows (it is the file's only reference: RESP values
     * never share files, and the row lock keeps other writers out); anything else is small or new and is
     * written whole.
     */
    private void splice(Connection c, Namespace ns, String key, KvRow row, long now, KvChanges.Splice splice,
                        Set<String> rowExists, List<Long> released) throws SQLException {
        boolean live = row != null && row.liveAt(now);
        StoredValue v = live ? row.value() : null;
        if (v != null && v.fileId() != null) {
            long size = values.splice(c, ns, v.fileId(), v.size(), splice.offset(), splice.bytes());
            try (PreparedStatement ps = c.prepareStatement(ns.sql(RESIZE))) {
                ps.setLong(1, size);
                ps.setString(2, key);
                ps.executeUpdate();
            }
            return;
        }
        byte[] old = v == null ? new byte[0] : values.inline(v.inline(), v.zstd(), v.size());
        byte[] value = Arrays.copyOf(old, Math.toIntExact(Math.max(old.length, splice.offset() + splice.bytes().length)));
        System.arraycopy(splice.bytes(), 0, value, (int) splice.offset(), splice.bytes().length);
        write(c, ns, key, value, live ? row.expiresAt() : KvEntry.PERSISTENT, rowExists, released);
    }

    private static void expire(Connection c, Namespace ns, String key, long expiresAt) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(EXPIRE))) {
            if (expiresAt == KvEntry.PERSISTENT) {
                ps.setNull(1, Types.BIGINT);
            } else {
                ps.setLong(1, expiresAt);
            }
            ps.setString(2, key);
            ps.executeUpdate();
        }
    }

    private static List<Long> delete(Connection c, Namespace ns, String key) throws SQLException {
        List<Long> released = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ns.sql(DELETE))) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    released.addAll(FileRefs.of(rs, 1, 2));
                }
            }
        }
        return released;
    }
}
