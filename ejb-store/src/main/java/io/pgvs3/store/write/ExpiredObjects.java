package io.pgvs3.store.write;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Removes objects whose {@code expires_at} has passed (TTL'd values of cache namespaces), oldest expiry
 * first, and queues their files as garbage in the same statement, exactly as a delete does.
 */
public final class ExpiredObjects {

    /** Rows locked by a writer are skipped; the recheck on the outer DELETE sees a concurrent refresh. */
    private static final String DELETE_EXPIRED = """
            WITH up AS (
                DELETE FROM %1$s.objects
                 WHERE key IN (SELECT key FROM %1$s.objects WHERE expires_at <= now()
                                ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED)
                   AND expires_at <= now()
                RETURNING file_id AS old_file, parts AS old_parts, modified_at)
            """ + ObjectPublisher.QUEUE_OLD;

    private ExpiredObjects() {
    }

    /** Deletes up to {@code limit} expired objects in one statement; returns how many. */
    public static int deleteBatch(Connection c, Namespace ns, int limit) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(String.format(DELETE_EXPIRED, ns.schema()))) {
            ps.setInt(1, limit);
            int deleted = 0;
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    deleted++;
                }
            }
            return deleted;
        }
    }
}
