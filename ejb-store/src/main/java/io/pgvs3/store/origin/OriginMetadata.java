package io.pgvs3.store.origin;

import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ContentHeaders;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.TextPairs;
import io.pgvs3.store.write.WriteRequest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * The statements of a bucket's {@code origin_metadata}: what the origin's HEAD said of a key not held
 * here, so that while it is fresh (the bucket's TTL) a HEAD or a cold range of the key costs the origin
 * nothing but its bytes. A write, a delete or a fill of the key forgets it.
 */
final class OriginMetadata {

    private static final String FIND = """
            SELECT size, validator, content_type, user_metadata, content_headers, last_modified
              FROM %1$s.origin_metadata WHERE key = ? AND checked_at > clock_timestamp() - ?::interval""";

    /**
     * Remembers a HEAD's answer unless a write or delete of the key drew a generation after the HEAD
     * began: that one's metadata is newer than this answer.
     */
    private static final String REMEMBER = """
            INSERT INTO %1$s.origin_metadata AS m
                   (key, size, validator, content_type, user_metadata, content_headers, last_modified)
            SELECT ?, ?, ?, ?, ?, ?, ?
             WHERE NOT EXISTS (SELECT 1 FROM %1$s.origin_keys k WHERE k.key = ? AND k.generation > ?)
            ON CONFLICT (key) DO UPDATE SET size = excluded.size, validator = excluded.validator,
                content_type = excluded.content_type, user_metadata = excluded.user_metadata,
                content_headers = excluded.content_headers, last_modified = excluded.last_modified,
                checked_at = clock_timestamp()""";

    private static final String FORGET = "DELETE FROM %1$s.origin_metadata WHERE key = ?";

    private OriginMetadata() {
    }

    /** The origin's metadata of {@code key} as a fresh HEAD found it, its body {@link BodyLocation#atOrigin()}. */
    static Optional<ObjectMeta> find(Connection c, Namespace ns, String key, Duration ttl) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(FIND))) {
            ps.setString(1, key);
            ps.setString(2, ttl.toMillis() + " milliseconds");
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                OffsetDateTime modified = rs.getObject(6, OffsetDateTime.class);
                return Optional.of(new ObjectMeta(ns.name(), key, rs.getLong(1), rs.getString(2), rs.getString(3),
                        TextPairs.of(rs.getArray(4)), modified == null ? null : modified.toInstant(),
                        BodyLocation.atOrigin(), ContentHeaders.of(TextPairs.of(rs.getArray(5))), null));
            }
        }
    }

    /** @param headStart a generation drawn before the HEAD was sent */
    static void remember(Connection c, Namespace ns, ObjectMeta head, long headStart) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(REMEMBER))) {
            ps.setString(1, head.key());
            ps.setLong(2, head.size());
            ps.setString(3, head.etag());
            ps.setString(4, head.contentType());
            ps.setArray(5, c.createArrayOf("text", WriteRequest.flatten(head.userMetadata())));
            ps.setArray(6, c.createArrayOf("text", WriteRequest.flatten(head.contentHeaders().asMap())));
            ps.setTimestamp(7, head.lastModified() == null ? null : Timestamp.from(head.lastModified()));
            ps.setString(8, head.key());
            ps.setLong(9, headStart);
            ps.executeUpdate();
        }
    }

    static void forget(Connection c, Namespace ns, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(FORGET))) {
            ps.setString(1, key);
            ps.executeUpdate();
        }
    }
}
