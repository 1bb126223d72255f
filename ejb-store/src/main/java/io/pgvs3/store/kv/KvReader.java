package io.pgvs3.store.kv;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.KvCounts;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvPage;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.KeyArrays;
import io.pgvs3.store.sql.Transactions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads of live values, autocommit on the main pool: a whole batch of keys is one primary-key query (a
 * single key binds no array: {@code key = ?}, the cheapest plan and bind there is).
 * Chunked values are then read each in a REPEATABLE READ transaction that re-reads its row, so the file
 * it reads is the one that snapshot references (the reaper cannot have removed its rows from that view);
 * a caller may bound the bytes one call reads ({@code maxBytes}), and gets the entries of a prefix of its keys.
 */
final class KvReader {

    private static final String GET = "SELECT " + KvRow.COLUMNS + " FROM %s.objects WHERE "
            + KeyArrays.KEY_IN_BOUND_ARRAY + " AND " + KvRow.LIVE;
    private static final String PEEK = "SELECT " + KvRow.META_COLUMNS + " FROM %s.objects WHERE "
            + KeyArrays.KEY_IN_BOUND_ARRAY + " AND " + KvRow.LIVE;
    private static final String ONE = "SELECT " + KvRow.COLUMNS + " FROM %s.objects WHERE key = ? AND " + KvRow.LIVE;
    private static final String PEEK_ONE = "SELECT " + KvRow.META_COLUMNS + " FROM %s.objects WHERE key = ? AND "
            + KvRow.LIVE;

    /**
     * Keys of the page from the cursor's hash on, then every further key of the page's last hash, so a
     * page never ends between two keys of one hash and the next cursor (last hash + 1) skips none.
     */
    private static final String SCAN = Namespace.withFragments("""
            WITH page AS (SELECT hashtextextended(key, 0) AS h FROM %1$s.objects
                           WHERE hashtextextended(key, 0) >= ? ORDER BY 1 LIMIT ?)
            SELECT key, hashtextextended(key, 0), (SELECT count(*) FROM page), %2$s
              FROM %1$s.objects
             WHERE hashtextextended(key, 0) >= ? AND hashtextextended(key, 0) <= (SELECT max(h) FROM page)
             ORDER BY 2""", KvRow.LIVE);
    private static final String RANDOM = Namespace.withFragments("""
            (SELECT key FROM %1$s.objects WHERE hashtextextended(key, 0) >= ? AND %2$s
              ORDER BY hashtextextended(key, 0) LIMIT 1)
            UNION ALL
            (SELECT key FROM %1$s.objects WHERE %2$s ORDER BY hashtextextended(key, 0) LIMIT 1)
            LIMIT 1""", KvRow.LIVE);
    private static final String COUNT = "SELECT count(*), count(expires_at) FROM %s.objects WHERE " + KvRow.LIVE;

    private final DataAccess access;
    private final KvValues values;

    KvReader(DataAccess access, KvValues values) {
        this.access = access;
        this.values = values;
    }

    /**
     * The entries of the longest prefix of {@code keys} (at least one key) whose values together hold at most
     * {@code maxBytes}; every key when reading without values. Inline values come with the batch query;
     * chunked ones are then read one by one, only for keys of that prefix.
     */
    List<KvEntry> get(int db, Namespace ns, List<byte[]> keys, long now, boolean withValues, long maxBytes) {
        String[] encoded = KvKeys.encodeAll(keys);
        return access.readIn("GET", KvDatabases.scope(db), c -> {
            Map<String, KvEntry> rows = new HashMap<>(encoded.length * 4 / 3 + 1); // no rehash as a batch's rows come
            Map<String, KvRow> chunked = new HashMap<>();
            boolean one = encoded.length == 1;
            try (PreparedStatement ps = c.prepareStatement(ns.sql(withValues ? (one ? ONE : GET) : (one ? PEEK_ONE : PEEK)))) {
                if (one) {
                    ps.setString(1, encoded[0]);
                } else {
                    ps.setObject(1, encoded); // binary, no type looked up by name (KvUpsert.bind)
                }
                ps.setLong(2, now);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        KvRow row = KvRow.of(rs);
                        StoredValue v = row.value();
                        if (withValues && v.fileId() != null) {
                            chunked.put(row.key(), row);
                        } else {
                            rows.put(row.key(), withValues ? KvValues.inlineEntry(v, row.expiresAt())
                                    : new KvEntry(null, v.size(), row.expiresAt()));
                        }
                    }
                }
            }
            int answered = withValues ? prefixWithin(encoded, rows, chunked, maxBytes) : encoded.length;
            List<KvEntry> out = new ArrayList<>(answered);
            for (int i = 0; i < answered; i++) {
                KvRow row = chunked.remove(encoded[i]); // a key asked twice is read once
                if (row != null) {
                    KvEntry entry = readChunked(c, ns, row.key(), now);
                    if (entry != null) {
                        rows.put(row.key(), entry);
                    }
                }
                out.add(rows.get(encoded[i]));
            }
            return out;
        });
    }

    /** How many of {@code keys}, from the first, have values within {@code maxBytes} in all (at least one). */
    private static int prefixWithin(String[] keys, Map<String, KvEntry> inline, Map<String, KvRow> chunked, long maxBytes) {
        long total = 0;
        for (int i = 0; i < keys.length; i++) {
            KvEntry small = inline.get(keys[i]);
            KvRow large = chunked.get(keys[i]);
            long size = small != null ? small.size() : large != null ? large.value().size() : 0;
            if (i > 0 && total + size > maxBytes) {
                return i;
            }
            total += size;
        }
        return keys.length;
    }

    private KvEntry readChunked(Connection c, Namespace ns, String key, long now) throws SQLException {
        return Transactions.inSnapshot(c, ns, key, (tx, n, k) -> {
            try (PreparedStatement ps = tx.prepareStatement(n.sql(ONE))) {
                ps.setString(1, k);
                ps.setLong(2, now);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return null; // deleted since the batch query
                    }
                    KvRow row = KvRow.of(rs);
                    StoredValue v = row.value();
                    byte[] bytes = v.fileId() == null ? values.inline(v.inline(), v.zstd(), v.size())
                            : values.chunked(tx, n, v.fileId(), v.size());
                    return new KvEntry(bytes, v.size(), row.expiresAt());
                }
            }
        });
    }

    KvPage scan(int db, Namespace ns, long cursor, int count, long now) {
        return access.readIn("SCAN", KvDatabases.scope(db), c -> {
            List<byte[]> keys = new ArrayList<>();
            long lastHash = 0;
            long pageRows = 0;
            long from = cursor ^ Long.MIN_VALUE; // unsigned cursor → signed hash order
            try (PreparedStatement ps = c.prepareStatement(ns.sql(SCAN))) {
                ps.setLong(1, from);
                ps.setInt(2, count);
                ps.setLong(3, now);
                ps.setLong(4, from);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        lastHash = rs.getLong(2);
                        pageRows = rs.getLong(3);
                        if (rs.getBoolean(4)) {
                            keys.add(KvKeys.decode(rs.getString(1)));
                        }
                    }
                }
            }
            long next = pageRows < count ? 0 : (lastHash ^ Long.MIN_VALUE) + 1;
            return new KvPage(keys, next);
        });
    }

    byte[] randomKey(int db, Namespace ns, long now, long startHash) {
        return access.readIn("RANDOMKEY", KvDatabases.scope(db), c -> {
            try (PreparedStatement ps = c.prepareStatement(ns.sql(RANDOM))) {
                ps.setLong(1, startHash);
                ps.setLong(2, now);
                ps.setLong(3, now);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? KvKeys.decode(rs.getString(1)) : null;
                }
            }
        });
    }

    KvCounts count(int db, Namespace ns, long now) {
        return access.readIn("DBSIZE", KvDatabases.scope(db), c -> {
            try (PreparedStatement ps = c.prepareStatement(ns.sql(COUNT))) {
                ps.setLong(1, now);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return new KvCounts(rs.getLong(1), rs.getLong(2));
                }
            }
        });
    }
}
