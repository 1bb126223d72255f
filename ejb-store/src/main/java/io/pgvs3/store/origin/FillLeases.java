package io.pgvs3.store.origin;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

/**
 * The statements of a bucket's {@code fill_leases}: one live lease per key being filled, renewed while
 * its holder downloads, by the database's clock so that every gateway agrees when it runs out. The
 * token is the fill's generation, unique to one attempt.
 */
final class FillLeases {

    /** Takes the key's lease when nobody holds a live one. */
    private static final String TAKE = """
            INSERT INTO %1$s.fill_leases AS l (key, token, expires_at)
            VALUES (?, ?, clock_timestamp() + ?::interval)
            ON CONFLICT (key) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at
             WHERE l.expires_at < clock_timestamp()
            RETURNING token""";

    private static final String RENEW = """
            UPDATE %1$s.fill_leases SET expires_at = clock_timestamp() + ?::interval WHERE key = ? AND token = ?""";

    private static final String RELEASE = "DELETE FROM %1$s.fill_leases WHERE key = ? AND token = ?";

    /** Leases whose holders died or gave up; a holder that comes back finds its lease gone and discards. */
    private static final String REAP_EXPIRED = """
            DELETE FROM %1$s.fill_leases WHERE key IN (
                SELECT key FROM %1$s.fill_leases WHERE expires_at < clock_timestamp() LIMIT ?)
               AND expires_at < clock_timestamp()""";

    private static final String HELD = """
            SELECT 1 FROM %1$s.fill_leases WHERE key = ? AND expires_at > clock_timestamp()""";

    private FillLeases() {
    }

    static boolean take(Connection c, Namespace ns, String key, long token, Duration lease) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(TAKE))) {
            ps.setString(1, key);
            ps.setLong(2, token);
            ps.setString(3, lease.toMillis() + " milliseconds");
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** @return false: the lease ran out and another fill may hold it now */
    static boolean renew(Connection c, Namespace ns, String key, long token, Duration lease) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(RENEW))) {
            ps.setString(1, lease.toMillis() + " milliseconds");
            ps.setString(2, key);
            ps.setLong(3, token);
            return ps.executeUpdate() == 1;
        }
    }

    /** @return false: the lease was no longer this fill's */
    static boolean release(Connection c, Namespace ns, String key, long token) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(RELEASE))) {
            ps.setString(1, key);
            ps.setLong(2, token);
            return ps.executeUpdate() == 1;
        }
    }

    /** @return how many expired leases went (at most {@code limit}) */
    static int reapExpired(Connection c, Namespace ns, int limit) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(REAP_EXPIRED))) {
            ps.setInt(1, limit);
            return ps.executeUpdate();
        }
    }

    static boolean held(Connection c, Namespace ns, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(HELD))) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
