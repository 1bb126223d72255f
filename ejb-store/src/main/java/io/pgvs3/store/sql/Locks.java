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

    private static final String LAYOUT_LOCK = "SELECT pg_advisory_lock(?, 0)";
    private static final String LAYOUT_UNLOCK = "SELECT pg_advisory_unlock(?, 0)";
    private static final String BUCKET_NAME_LOCK = "SELECT pg_advisory_xact_lock(?, hashtext(?))";
    /** 64-bit key from the namespace id (as hash seed) and the object key. */
    private static final String OBJECT_KEY_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(?, ?))";

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

    /**
     * Locks many keys of one namespace for the transaction, always in key byte order so that two batches
     * never wait for each other in a cycle. PostgreSQL evaluates a volatile select list after ORDER BY,
     * so the locks are taken in that order.
     */
    private static final String OBJECT_KEYS_LOCK = """
            SELECT pg_advisory_xact_lock(hashtextextended(k, ?))
              FROM unnest(?::text[]) AS u(k) ORDER BY k COLLATE "C\"""";

    public static void lockObjectKeys(Connection c, long namespaceId, String[] keys) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(OBJECT_KEYS_LOCK)) {
            ps.setLong(1, namespaceId);
            ps.setArray(2, c.createArrayOf("text", keys));
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
