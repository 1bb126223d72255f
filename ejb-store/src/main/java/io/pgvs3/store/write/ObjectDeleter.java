package io.pgvs3.store.write;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.DeletionResult;
import io.pgvs3.store.api.ObjectDeletion;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.Locks;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DeleteObject and DeleteObjects: one short transaction on the main pool whatever the number of keys.
 * The keys' locks are taken in key order by one statement, then one statement deletes every matching
 * row and reports, per key, whether it was deleted and whether it existed (the final SELECT sees the rows
 * as they were before the delete); the deleted rows' files that nothing references any more are then
 * queued as garbage ({@link FileRefs}).
 */
public final class ObjectDeleter {

    private static final String DELETE_ALL = """
            WITH d AS (
                SELECT k.key COLLATE "C" AS key, k.if_match FROM unnest(?::text[], ?::text[]) AS k(key, if_match)),
            up AS (
                DELETE FROM %1$s.objects o USING d
                 WHERE o.key = d.key AND (d.if_match IS NULL OR d.if_match = '*' OR o.etag = d.if_match)
                RETURNING o.key, o.file_id AS old_file, o.parts AS old_parts)
            SELECT d.key, up.key IS NOT NULL AS deleted, o.key IS NOT NULL AS existed, up.old_file, up.old_parts
              FROM d LEFT JOIN up ON up.key = d.key LEFT JOIN %1$s.objects o ON o.key = d.key""";

    private final DataAccess access;

    public ObjectDeleter(DataAccess access) {
        this.access = access;
    }

    /** Unconditional DeleteObject. @throws StoreException NO_SUCH_BUCKET */
    public void delete(String bucket, String key) {
        delete(bucket, key, null);
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#delete(String, String, String)}. */
    public void delete(String bucket, String key, String ifMatch) {
        DeletionResult result = deleteAll(bucket, List.of(new ObjectDeletion(key, ifMatch))).get(0);
        if (!result.isDeleted()) {
            throw new StoreException(result.error(), result.message());
        }
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#deleteAll}. */
    public List<DeletionResult> deleteAll(String bucket, List<ObjectDeletion> deletions) {
        Map<String, ObjectDeletion> distinct = new LinkedHashMap<>();
        Map<String, DeletionResult> results = new HashMap<>();
        for (ObjectDeletion deletion : deletions) {
            if (distinct.putIfAbsent(deletion.key(), deletion) == null) {
                String refused = WriteRequest.keyRefusal(deletion.key());
                if (refused != null) {
                    results.put(deletion.key(), new DeletionResult(deletion.key(), StoreError.INVALID_ARGUMENT, refused));
                }
            }
        }
        List<ObjectDeletion> valid = distinct.values().stream().filter(d -> !results.containsKey(d.key())).toList();
        if (!valid.isEmpty()) {
            run(bucket, valid).forEach(r -> results.put(r.key(), r));
        }
        List<DeletionResult> ordered = new ArrayList<>(distinct.size());
        distinct.keySet().forEach(key -> ordered.add(results.get(key)));
        return ordered;
    }

    private List<DeletionResult> run(String bucket, List<ObjectDeletion> deletions) {
        String[] keys = deletions.stream().map(ObjectDeletion::key).toArray(String[]::new);
        String[] conditions = deletions.stream().map(ObjectDeletion::ifMatch).toArray(String[]::new);
        return access.write(Pool.MAIN, "DELETE of " + keys.length + " keys", bucket, new String[][] {keys, conditions},
                (c, ns, in) -> {
                    Locks.lockObjectKeys(c, ns.id(), in[0]);
                    return deleteLocked(c, ns, in[0], in[1]);
                });
    }

    /**
     * Deletes {@code keys} (with their If-Match conditions, null for none) in the caller's transaction; the
     * caller holds the keys' locks ({@link Locks#lockObjectKeys}). One result per key, in the answer's order.
     */
    public static List<DeletionResult> deleteLocked(Connection c, Namespace ns, String[] keys, String[] conditions)
            throws SQLException {
        Map<String, String> conditionOf = new HashMap<>();
        for (int i = 0; i < keys.length; i++) {
            conditionOf.put(keys[i], conditions[i]);
        }
        List<DeletionResult> results = new ArrayList<>(keys.length);
        List<Long> released = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ns.sql(DELETE_ALL))) {
            ps.setObject(1, keys);
            ps.setObject(2, conditions);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String key = rs.getString(1);
                    boolean deleted = rs.getBoolean(2);
                    results.add(outcome(key, conditionOf.get(key), deleted, rs.getBoolean(3)));
                    if (deleted) {
                        released.addAll(FileRefs.of(rs, 4, 5));
                    }
                }
            }
        }
        FileRefs.release(c, ns, released);
        return results;
    }

    /** S3 reports a missing key as deleted, unless a condition asked for it to exist. */
    private static DeletionResult outcome(String key, String ifMatch, boolean deleted, boolean existed) {
        if (deleted || ifMatch == null) {
            return DeletionResult.deleted(key);
        }
        return existed
                ? new DeletionResult(key, StoreError.PRECONDITION_FAILED, "key " + key + " does not have ETag " + ifMatch)
                : new DeletionResult(key, StoreError.NO_SUCH_KEY, "no such key: " + key);
    }
}
