package io.pgvs3.store.write;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Removes objects whose {@code expires_at} has passed (TTL'd values of cache namespaces), oldest expiry
 * first, and queues those of their files nothing else references as garbage, exactly as a delete does.
 */
public final class ExpiredObjects {

    /** Rows locked by a writer are skipped; the recheck on the outer DELETE sees a concurrent refresh. */
    private static final String DELETE_EXPIRED = """
            DELETE FROM %1$s.objects
             WHERE key IN (SELECT key FROM %1$s.objects WHERE expires_at <= now()
                            ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED)
               AND expires_at <= now()
            RETURNING file_id, parts""";

    private ExpiredObjects() {
    }

    /** Deletes up to {@code limit} expired objects in one statement; returns how many. */
    public static int deleteBatch(Connection c, Namespace ns, int limit) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(DELETE_EXPIRED))) {
            ps.setInt(1, limit);
            int deleted = 0;
            List<Long> released = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    deleted++;
                    released.addAll(FileRefs.of(rs, 1, 2));
                }
            }
            FileRefs.release(c, ns, released);
            return deleted;
        }
    }
}
