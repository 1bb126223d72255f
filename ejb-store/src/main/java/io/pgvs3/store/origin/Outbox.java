package io.pgvs3.store.origin;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The statements of a bucket's {@code outbox}: write-back objects acknowledged here and not yet at the
 * origin (NamespaceDdl explains the table). Writes run in the caller's transaction under the key's lock.
 */
final class Outbox {

    /** A claimed flush: the key and the generation of the write it must bring to the origin. */
    record Claim(String key, long generation, long size) {
    }

    /** A pending object as a listing shows it. */
    record Pending(String key, long size, String etag, Instant lastModified) {
    }


    /** The object just published under this key, as the latest write-back of it. */
    private static final String ENQUEUE = """
            INSERT INTO %1$s.outbox AS q (key, generation, size)
            SELECT key, ?, size FROM %1$s.objects WHERE key = ?
            ON CONFLICT (key) DO UPDATE SET generation = excluded.generation, size = excluded.size,
                queued_at = clock_timestamp(), attempts = 0, next_try_at = clock_timestamp(),
                claimed_until = NULL, last_error = NULL""";

    private static final String CANCEL = "DELETE FROM %1$s.outbox WHERE key = ?";

    /** Due rows nobody holds; SKIP LOCKED keeps two gateways' ticks from waiting on each other. */
    private static final String CLAIM = """
            UPDATE %1$s.outbox q SET claimed_until = clock_timestamp() + ?::interval, attempts = q.attempts + 1
             WHERE q.key IN (
                SELECT key FROM %1$s.outbox
                 WHERE next_try_at <= clock_timestamp() AND (claimed_until IS NULL OR claimed_until < clock_timestamp())
                 ORDER BY next_try_at, key LIMIT ? FOR UPDATE SKIP LOCKED)
            RETURNING q.key, q.generation, q.size""";

    private static final String CURRENT = "SELECT 1 FROM %1$s.outbox WHERE key = ? AND generation = ? FOR UPDATE";

    private static final String DONE = "DELETE FROM %1$s.outbox WHERE key = ? AND generation = ?";

    /** Backs off exponentially from 1 s to 5 min; the row is free to be claimed again when due. */
    private static final String FAILED = """
            UPDATE %1$s.outbox SET claimed_until = NULL, last_error = ?,
                next_try_at = clock_timestamp() + least(power(2, least(attempts, 9)), 300) * interval '1 second'
             WHERE key = ? AND generation = ?""";

    private static final String PENDING = """
            SELECT o.key, o.size, o.etag, o.modified_at FROM %1$s.outbox q JOIN %1$s.objects o ON o.key = q.key
             WHERE starts_with(q.key, ?) AND (?::text IS NULL OR q.key > ?) ORDER BY q.key LIMIT ?""";

    private static final String BACKLOG = """
            SELECT count(*), coalesce(sum(size), 0),
                   coalesce(extract(epoch FROM clock_timestamp() - min(queued_at)), 0)::float8
              FROM %1$s.outbox""";

    private Outbox() {
    }

    static void enqueue(Connection c, Namespace ns, String key, long generation) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(ENQUEUE))) {
            ps.setLong(1, generation);
            ps.setString(2, key);
            ps.executeUpdate();
        }
    }

    /** A newer write-through or a delete of the key: its pending flush must not reach the origin. */
    static void cancel(Connection c, Namespace ns, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(CANCEL))) {
            ps.setString(1, key);
            ps.executeUpdate();
        }
    }

    static List<Claim> claim(Connection c, Namespace ns, int limit, Duration lease) throws SQLException {
        List<Claim> claims = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ns.sql(CLAIM))) {
            ps.setString(1, lease.toMillis() + " milliseconds");
            ps.setInt(2, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    claims.add(new Claim(rs.getString(1), rs.getLong(2), rs.getLong(3)));
                }
            }
        }
        return claims;
    }

    /** Whether the claim is still the key's latest write-back; locks its row until the caller commits. */
    static boolean isCurrent(Connection c, Namespace ns, Claim claim) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(CURRENT))) {
            ps.setString(1, claim.key());
            ps.setLong(2, claim.generation());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    static void done(Connection c, Namespace ns, Claim claim) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(DONE))) {
            ps.setString(1, claim.key());
            ps.setLong(2, claim.generation());
            ps.executeUpdate();
        }
    }

    static void failed(Connection c, Namespace ns, Claim claim, String error) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(FAILED))) {
            ps.setString(1, error);
            ps.setString(2, claim.key());
            ps.setLong(3, claim.generation());
            ps.executeUpdate();
        }
    }

    /** Pending objects under {@code prefix} after {@code after} (null: from the start), in key order. */
    static List<Pending> pending(Connection c, Namespace ns, String prefix, String after, int limit)
            throws SQLException {
        List<Pending> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ns.sql(PENDING))) {
            ps.setString(1, prefix);
            ps.setString(2, after);
            ps.setString(3, after);
            ps.setInt(4, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Pending(rs.getString(1), rs.getLong(2), rs.getString(3),
                            rs.getTimestamp(4).toInstant()));
                }
            }
        }
        return out;
    }

    /** How much waits in the bucket's outbox. */
    static OriginMeter.Backlog backlog(Connection c, Namespace ns) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(BACKLOG)); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return new OriginMeter.Backlog(rs.getLong(1), rs.getLong(2), rs.getDouble(3));
        }
    }
}
