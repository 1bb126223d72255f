package io.pgvs3.store.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The advisory locks of the store. Layout and bucket-name locks use the two-int4 key space, per-key
 * locks the int8 space, so the families can never collide with each other. File pins ({@link FileLocks})
 * also use the int8 space, keyed by a hash of (namespace id, file id).
 */
public final class Locks {

    /** "pgvs" — class id of the store's int4-pair advisory locks. */
    public static final int CLASS_LAYOUT = 0x70677673;
    /** Class id of bucket-name locks (create and delete of one name serialize on it). */
    public static final int CLASS_BUCKET_NAME = 0x70677674;
    /** Class id of the maintenance-leader lock (session lock of the gateway running a maintenance tick). */
    public static final int CLASS_MAINTENANCE_LEADER = 0x70677675;
    /**
     * Class id of file-reference locks: a transaction that drops references to files holds them while it
     * decides which of those files became garbage (ADR 3). Keyed by {@code hashint8(file_id)}, so two
     * files may share a lock; that only serializes a little more.
     */
    public static final int CLASS_FILE_REFS = 0x70677676;

    private static final String LAYOUT_LOCK = "SELECT pg_advisory_lock(?, 0)";
    private static final String LAYOUT_UNLOCK = "SELECT pg_advisory_unlock(?, 0)";
    private static final String BUCKET_NAME_LOCK = "SELECT pg_advisory_xact_lock(?, hashtext(?))";
    /** 64-bit key from the namespace id (as hash seed) and the object key. */
    private static final String OBJECT_KEY_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(?, ?))";

    /** Several keys of one namespace, always in the order of their lock values, so two lockers cannot deadlock. */
    private static final String OBJECT_KEYS_LOCK = """
            SELECT pg_advisory_xact_lock(k)
              FROM (SELECT DISTINCT hashtextextended(key, ?) AS k FROM unnest(?::text[]) AS key) s ORDER BY k""";
    private static final String FILE_REFS_LOCK = """
            SELECT pg_advisory_xact_lock(?, h)
              FROM (SELECT DISTINCT hashint8(f) AS h FROM unnest(?::int8[]) AS f) s ORDER BY h""";

    private Locks() {
    }

    /** Session lock serializing layout creation and checks across gateways. */
    public static void lockLayout(Connection c) throws SQLException {
        run(c, LAYOUT_LOCK, CLASS_LAYOUT);
    }

    public static void unlockLayout(Connection c) throws SQLException {
        run(c, LAYOUT_UNLOCK, CLASS_LAYOUT);
    }

    /** Transaction lock on a bucket name (create and delete). */
    public static void lockBucketName(Connection c, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(BUCKET_NAME_LOCK)) {
            ps.setInt(1, CLASS_BUCKET_NAME);
            ps.setString(2, name);
            ps.execute();
        }
    }

    /** Transaction lock serializing publications and deletes of one key in one namespace. */
    public static void lockObjectKey(Connection c, long namespaceId, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(OBJECT_KEY_LOCK)) {
            ps.setString(1, key);
            ps.setLong(2, namespaceId);
            ps.execute();
        }
    }

    /** {@link #lockObjectKey} for several keys at once: a batch delete, or a copy's source and target. */
    public static void lockObjectKeys(Connection c, long namespaceId, String... keys) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(OBJECT_KEYS_LOCK)) {
            ps.setLong(1, namespaceId);
            ps.setObject(2, keys);
            ps.execute();
        }
    }

    /**
     * Transaction locks on the references to these files, in a fixed order. Take them after every key
     * lock of the transaction and decide garbage in a later statement, so that its snapshot sees what
     * the previous holder committed.
     */
    public static void lockFileRefs(Connection c, Long[] fileIds) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(FILE_REFS_LOCK)) {
            ps.setInt(1, CLASS_FILE_REFS);
            ps.setObject(2, fileIds);
            ps.execute();
        }
    }

    private static void run(Connection c, String sql, int classId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setInt(1, classId);
            ps.execute();
        }
    }
}
