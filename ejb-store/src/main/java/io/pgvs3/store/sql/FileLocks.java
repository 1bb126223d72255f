package io.pgvs3.store.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * Per-file advisory locks. Readers hold the SHARED lock of every file they stream (a read pin): a
 * windowed read holds it at session level on the gateway's pin guard (no transaction, no snapshot), a
 * snapshot read transaction-scoped. The reaper takes the transaction-scoped EXCLUSIVE lock before it
 * deletes a file and skips the file when it cannot; both levels share one lock space, so either pin
 * stops it. Anything that adds a reference to an existing file (a same-namespace copy) should hold the
 * shared lock while it does, so the reaper's reference check and delete see either the new reference or
 * none of it. The key is {@code hashint8extended(file_id, namespace_id)}, computed by the server; a
 * collision with another int8 key can only delay a reap or a writer, never change what it does.
 */
public final class FileLocks {

    private static final String PIN_SHARED = """
            SELECT bool_and(pg_try_advisory_xact_lock_shared(hashint8extended(f, ?))) FROM unnest(?::int8[]) AS f""";
    private static final String TRY_PIN_SESSION = """
            SELECT f, pg_try_advisory_lock_shared(hashint8extended(f, ?)) FROM unnest(?::int8[]) AS f""";
    private static final String UNPIN_SESSION = """
            SELECT count(*) FILTER (WHERE pg_advisory_unlock_shared(hashint8extended(f, ?)))
              FROM unnest(?::int8[]) AS f""";
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
            ps.setObject(2, fileIds);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    /**
     * Takes one session-level share of each file's lock (autocommit; they stack, so every share must be
     * given back by {@link #unpinSession}). All or nothing: if the reaper holds one of them, the shares
     * this call took are given back at once.
     *
     * @return false if the reaper holds one of them right now
     */
    public static boolean tryPinSession(Connection c, long namespaceId, long... fileIds) throws SQLException {
        long[] taken = new long[fileIds.length];
        int count = 0;
        try (PreparedStatement ps = c.prepareStatement(TRY_PIN_SESSION)) {
            ps.setLong(1, namespaceId);
            ps.setObject(2, fileIds);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getBoolean(2)) {
                        taken[count++] = rs.getLong(1);
                    }
                }
            }
        }
        if (count == fileIds.length) {
            return true;
        }
        unpinSession(c, namespaceId, Arrays.copyOf(taken, count));
        return false;
    }

    /** Gives back one session-level share of each file's lock, as taken by {@link #tryPinSession}. */
    public static void unpinSession(Connection c, long namespaceId, long... fileIds) throws SQLException {
        if (fileIds.length == 0) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(UNPIN_SESSION)) {
            ps.setLong(1, namespaceId);
            ps.setObject(2, fileIds);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (rs.getLong(1) != fileIds.length) {
                    throw new SQLException("gave back " + rs.getLong(1) + " of " + fileIds.length
                            + " read pins: the guard session lost some");
                }
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
}
