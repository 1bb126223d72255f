package io.pgvs3.store.sql;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Per-file advisory locks, transaction-scoped. Readers hold the SHARED lock of every file they stream
 * (a read pin); the reaper takes the EXCLUSIVE lock before it deletes a file and skips the file when it
 * cannot. Anything that adds a reference to an existing file (a same-namespace copy) should hold the
 * shared lock while it does, so the reaper's reference check and delete see either the new reference or
 * none of it. The key is {@code hashint8extended(file_id, namespace_id)}, computed by the server; a
 * collision with another int8 key can only delay a reap or a writer, never change what it does.
 */
public final class FileLocks {

    private static final String PIN_SHARED = """
            SELECT bool_and(pg_try_advisory_xact_lock_shared(hashint8extended(f, ?))) FROM unnest(?::int8[]) AS f""";
    private static final String LOCK_EXCLUSIVE = "SELECT pg_try_advisory_xact_lock(hashint8extended(?, ?))";

    private FileLocks() {
    }

    /**
     * Pins {@code fileIds} for the rest of the current transaction (autocommit must be off). Never waits.
     *
     * @return false if the reaper holds one of them right now (the caller's snapshot, taken by this very
     *         statement, still sees every row the reaper has not committed deleting)
     */
    public static boolean tryPinShared(Connection c, long namespaceId, long... fileIds) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(PIN_SHARED)) {
            ps.setLong(1, namespaceId);
            Array ids = c.createArrayOf("int8", boxed(fileIds));
            ps.setArray(2, ids);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    /** The reaper's lock on one file, held until the transaction ends; false if a reader pins it. */
    public static boolean tryLockExclusive(Connection c, long namespaceId, long fileId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(LOCK_EXCLUSIVE)) {
            ps.setLong(1, fileId);
            ps.setLong(2, namespaceId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private static Long[] boxed(long[] values) {
        Long[] out = new Long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i];
        }
        return out;
    }
}
