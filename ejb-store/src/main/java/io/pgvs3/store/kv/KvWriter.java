package io.pgvs3.store.kv;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.KeyArrays;
import io.pgvs3.store.write.FileRefs;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Blind writes and deletes: one statement and one commit per call. */
final class KvWriter {

    private static final String DELETE = Namespace.withFragments("""
            DELETE FROM %s.objects WHERE %s RETURNING file_id, parts, %s""", KeyArrays.KEY_IN_BOUND_ARRAY, KvRow.LIVE);
    /**
     * Every row goes, so none of their files stays referenced (RESP values never share files): they are
     * queued as garbage by the same statement.
     */
    private static final String FLUSH = """
            WITH gone AS (DELETE FROM %1$s.objects RETURNING file_id)
            INSERT INTO %1$s.garbage (file_id) SELECT file_id FROM gone WHERE file_id IS NOT NULL
            ON CONFLICT DO NOTHING""";

    private final DataAccess access;
    private final KvValues values;

    KvWriter(DataAccess access, KvValues values) {
        this.access = access;
        this.values = values;
    }

    void put(int db, Namespace ns, List<KvPut> puts) {
        // a key written twice in one batch keeps its last value (ON CONFLICT may touch a row only once);
        // sorted, so two batches lock shared keys in the same order
        Map<String, KvPut> last = new LinkedHashMap<>();
        for (KvPut put : puts) {
            last.put(KvKeys.encode(put.key()), put);
        }
        List<String> keys = new ArrayList<>(last.keySet());
        keys.sort(null);
        access.transactionRetryingRaces(KvDatabases.WRITE_ATTEMPTS, "SET", KvDatabases.scope(db), c -> {
            List<KvUpsert.Row> rows = new ArrayList<>(keys.size());
            for (String key : keys) {
                KvPut put = last.get(key);
                rows.add(new KvUpsert.Row(key, values.store(c, ns, put.value()), put.expiresAt()));
            }
            FileRefs.release(c, ns, KvUpsert.upsert(c, ns, rows));
            return null;
        });
    }

    int delete(int db, Namespace ns, List<byte[]> keys, long now) {
        String[] encoded = KvKeys.encodeAll(keys);
        return access.transactionRetryingRaces(KvDatabases.WRITE_ATTEMPTS, "DEL", KvDatabases.scope(db), c -> {
            int live = 0;
            List<Long> released = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(ns.sql(DELETE))) {
                ps.setObject(1, encoded);
                ps.setLong(2, now);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        released.addAll(FileRefs.of(rs, 1, 2));
                        live += rs.getBoolean(3) ? 1 : 0;
                    }
                }
            }
            FileRefs.release(c, ns, released);
            return live;
        });
    }

    void flush(int db, Namespace ns) {
        access.transactionRetryingRaces(KvDatabases.WRITE_ATTEMPTS, "FLUSHDB", KvDatabases.scope(db), c -> {
            try (PreparedStatement ps = c.prepareStatement(ns.sql(FLUSH))) {
                return ps.executeUpdate();
            }
        });
    }
}
