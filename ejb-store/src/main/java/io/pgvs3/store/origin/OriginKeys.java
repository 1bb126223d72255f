package io.pgvs3.store.origin;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;

/**
 * The statements of {@code origin_keys}: generations, tombstones and validators (NamespaceDdl explains
 * the table). Every method runs in the caller's transaction, under the key's lock where it writes.
 */
final class OriginKeys {

    private static final String NEXT_GENERATION = "SELECT nextval('%1$s.origin_generations')";

    /**
     * A fill publishes only if nothing newer than its start was written or deleted: the upsert changes
     * nothing (and returns no row) when the key's generation is newer than the fill's.
     */
    private static final String PUBLISH_FILL = """
            INSERT INTO %1$s.origin_keys AS k (key, generation, deleted, validator, checked_at)
            VALUES (?, ?, false, ?, clock_timestamp())
            ON CONFLICT (key) DO UPDATE SET deleted = false, validator = excluded.validator,
                checked_at = excluded.checked_at
             WHERE k.generation <= excluded.generation
            RETURNING 1""";

    /**
     * A revalidation's refill publishes only over the key's live row: unlike a first fill it holds no
     * lease, so a delete whose tombstone was reaped meanwhile would otherwise let it bring the key back.
     */
    private static final String PUBLISH_REFILL = """
            WITH fill (key, generation, validator) AS (VALUES (?, ?::int8, ?))
            UPDATE %1$s.origin_keys k SET validator = fill.validator, checked_at = clock_timestamp()
              FROM fill
             WHERE k.key = fill.key AND k.generation <= fill.generation AND NOT k.deleted
            RETURNING 1""";

    /** Whether a first fill that started at a generation would still publish: nothing newer written or deleted. */
    private static final String FILL_CURRENT = """
            SELECT NOT EXISTS (SELECT 1 FROM %1$s.origin_keys WHERE key = ? AND generation > ?)""";

    /** Whether a refill that started at a generation would still publish: the key's row is live and not newer. */
    private static final String REFILL_CURRENT = """
            SELECT EXISTS (SELECT 1 FROM %1$s.origin_keys WHERE key = ? AND generation <= ? AND NOT deleted)""";

    /**
     * Tombstones older than the grace that no fill of their key can still need: one that began before the
     * tombstone holds a lease drawn at an older generation (revalidations refill only over live rows).
     */
    private static final String REAP_TOMBSTONES = """
            DELETE FROM %1$s.origin_keys k
             WHERE k.key IN (SELECT key FROM %1$s.origin_keys
                              WHERE deleted AND checked_at < clock_timestamp() - ?::interval LIMIT ?)
               AND k.deleted
               AND NOT EXISTS (SELECT 1 FROM %1$s.fill_leases l WHERE l.key = k.key AND l.token < k.generation)""";

    /** A fill serves the origin's ETag (when it has S3's shape) and Last-Modified, not its own. */
    private static final String ADOPT_ORIGIN_IDENTITY = """
            UPDATE %1$s.objects SET etag = coalesce(?, etag), modified_at = coalesce(?, modified_at) WHERE key = ?""";

    /**
     * A write-through, a write-back or a delete: a new generation, so that fills which began before it are
     * discarded. A write-back is confirmed until 'infinity': the origin cannot be asked about a version it
     * does not hold yet, so it is never revalidated while it waits.
     */
    private static final String MARK = """
            INSERT INTO %1$s.origin_keys AS k (key, generation, deleted, validator, checked_at)
            VALUES (?, nextval('%1$s.origin_generations'), ?, ?, CASE WHEN ? THEN 'infinity' ELSE clock_timestamp() END)
            ON CONFLICT (key) DO UPDATE SET generation = excluded.generation, deleted = excluded.deleted,
                validator = excluded.validator, checked_at = excluded.checked_at
            RETURNING generation""";

    /** A write-back reached the origin: from now on the origin's validator and the TTL apply. */
    private static final String FLUSHED = """
            UPDATE %1$s.origin_keys SET validator = ?, checked_at = clock_timestamp() WHERE key = ? AND generation = ?""";

    /** The origin still holds the cached version (304): fresh for another TTL. */
    private static final String CONFIRM = """
            UPDATE %1$s.origin_keys SET checked_at = clock_timestamp() WHERE key = ? AND validator = ?""";

    private static final String S3_ETAG = "[0-9a-f]{32}(-[1-9][0-9]{0,4})?";

    private OriginKeys() {
    }

    /** The generation a fill starts at; writes and deletes after this draw greater ones. */
    static long startFill(Connection c, Namespace ns) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(NEXT_GENERATION)); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * Records the fill of {@code key} unless a write or delete newer than {@code generation} came first.
     *
     * @param originEtag   the origin's ETag as sent (quoted)
     * @param lastModified the origin's Last-Modified, or null
     * @return false: a newer write or delete won, so the caller must undo the publication
     */
    static boolean publishFill(Connection c, Namespace ns, String key, long generation, String originEtag,
            Instant lastModified) throws SQLException {
        return publish(c, ns, PUBLISH_FILL, key, generation, originEtag, lastModified);
    }

    /**
     * {@link #publishFill} for a revalidation that got a new version: it replaces the key's live row only.
     *
     * @return false: a newer write or a delete won (or the key's row is gone), so the caller must undo it
     */
    static boolean publishRefill(Connection c, Namespace ns, String key, long generation, String originEtag,
            Instant lastModified) throws SQLException {
        return publish(c, ns, PUBLISH_REFILL, key, generation, originEtag, lastModified);
    }

    /**
     * Whether a fill ({@code leased}) or refill that started at {@code generation} would publish now, as
     * {@link #publishFill} and {@link #publishRefill} decide it; they decide again at the publication.
     */
    static boolean fillCurrent(Connection c, Namespace ns, String key, long generation, boolean leased)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(leased ? FILL_CURRENT : REFILL_CURRENT))) {
            ps.setString(1, key);
            ps.setLong(2, generation);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    /** {@code statement} takes the key, the fill's generation and the validator, and returns a row if it published. */
    private static boolean publish(Connection c, Namespace ns, String statement, String key, long generation,
            String originEtag, Instant lastModified) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(statement))) {
            ps.setString(1, key);
            ps.setLong(2, generation);
            ps.setString(3, originEtag);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
            }
        }
        adoptOriginIdentity(c, ns, key, originEtag, lastModified);
        OriginMetadata.forget(c, ns, key); // the object itself is here now
        return true;
    }

    /** @return how many tombstones went (at most {@code limit}) */
    static int reapTombstones(Connection c, Namespace ns, Duration grace, int limit) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(REAP_TOMBSTONES))) {
            ps.setString(1, grace.toMillis() + " milliseconds");
            ps.setInt(2, limit);
            return ps.executeUpdate();
        }
    }

    private static void adoptOriginIdentity(Connection c, Namespace ns, String key, String originEtag,
            Instant lastModified) throws SQLException {
        String etag = unquoted(originEtag);
        try (PreparedStatement ps = c.prepareStatement(ns.sql(ADOPT_ORIGIN_IDENTITY))) {
            ps.setString(1, isS3Etag(etag) ? etag : null);
            ps.setTimestamp(2, lastModified == null ? null : Timestamp.from(lastModified));
            ps.setString(3, key);
            ps.executeUpdate();
        }
    }

    /** A write-through of {@code key}: the origin now holds {@code originEtag}. */
    static void wroteThrough(Connection c, Namespace ns, String key, String originEtag) throws SQLException {
        mark(c, ns, key, false, originEtag, false);
    }

    /** A write-back of {@code key}: acknowledged here, on its way to the origin. @return its generation */
    static long wroteBack(Connection c, Namespace ns, String key) throws SQLException {
        return mark(c, ns, key, false, null, true);
    }

    /** The write-back of {@code generation} is at the origin, which holds {@code originEtag}. */
    static void flushed(Connection c, Namespace ns, String key, long generation, String originEtag)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(FLUSHED))) {
            ps.setString(1, originEtag);
            ps.setString(2, key);
            ps.setLong(3, generation);
            ps.executeUpdate();
        }
    }

    /** A tombstone: {@code key} is gone at the origin, and no fill that began before may bring it back. */
    static void tombstone(Connection c, Namespace ns, String key) throws SQLException {
        mark(c, ns, key, true, null, false);
    }

    private static long mark(Connection c, Namespace ns, String key, boolean deleted, String validator,
            boolean pending) throws SQLException {
        OriginMetadata.forget(c, ns, key);
        try (PreparedStatement ps = c.prepareStatement(ns.sql(MARK))) {
            ps.setString(1, key);
            ps.setBoolean(2, deleted);
            ps.setString(3, validator);
            ps.setBoolean(4, pending);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** The origin answered 304 for {@code validator}: the cached body is fresh again. */
    static void confirm(Connection c, Namespace ns, String key, String validator) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(CONFIRM))) {
            ps.setString(1, key);
            ps.setString(2, validator);
            ps.executeUpdate();
        }
    }

    /** An ETag of S3's shape (an MD5, or a multipart upload's), which a fill keeps as its own. */
    static boolean isS3Etag(String unquoted) {
        return unquoted != null && unquoted.matches(S3_ETAG);
    }

    static String unquoted(String etag) {
        return etag != null && etag.length() >= 2 && etag.startsWith("\"") && etag.endsWith("\"")
                ? etag.substring(1, etag.length() - 1) : etag;
    }
}
