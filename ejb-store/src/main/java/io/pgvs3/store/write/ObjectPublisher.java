package io.pgvs3.store.write;

import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.Locks;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;

/**
 * Publishes object rows inside the caller's transaction, under the per-key advisory lock.
 * A replaced row's files are queued as garbage by the same statement (PostgreSQL 18
 * {@code RETURNING old.*}), so a file becomes garbage exactly when its last reference goes.
 */
final class ObjectPublisher {

    /**
     * Queues the old rows' files; expects a CTE named {@code up} with {@code old_file, old_parts}. The
     * statement goes on with its final SELECT.
     */
    static final String QUEUE_GARBAGE = """
            , queued AS (
                INSERT INTO %1$s.garbage (file_id)
                SELECT DISTINCT f FROM up, unnest(array_prepend(up.old_file, coalesce(up.old_parts, '{}'::int8[]))) AS f
                 WHERE f IS NOT NULL
                ON CONFLICT DO NOTHING)
            """;

    static final String QUEUE_OLD = QUEUE_GARBAGE + "SELECT modified_at FROM up";

    private static final String UPSERT = """
            WITH up AS (
                INSERT INTO %1$s.objects AS o (key, size, etag, sha256, content_type, user_metadata,
                                               inline_data, inline_zstd, file_id, content_headers,
                                               checksum_algorithm, checksum_type, checksum_value,
                                               created_at, modified_at)
                SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, t.ts, t.ts FROM (SELECT clock_timestamp() AS ts) t
                ON CONFLICT (key) DO UPDATE SET
                    size = excluded.size, etag = excluded.etag, sha256 = excluded.sha256,
                    content_type = excluded.content_type, user_metadata = excluded.user_metadata,
                    inline_data = excluded.inline_data, inline_zstd = excluded.inline_zstd,
                    file_id = excluded.file_id, parts = NULL, part_ends = NULL,
                    content_headers = excluded.content_headers, checksum_algorithm = excluded.checksum_algorithm,
                    checksum_type = excluded.checksum_type, checksum_value = excluded.checksum_value,
                    expires_at = NULL, origin_validator = NULL, modified_at = excluded.modified_at
                RETURNING old.file_id AS old_file, old.parts AS old_parts, new.modified_at)
            """ + QUEUE_OLD;

    private static final String CREATE_ONLY = """
            INSERT INTO %1$s.objects (key, size, etag, sha256, content_type, user_metadata,
                                      inline_data, inline_zstd, file_id, content_headers,
                                      checksum_algorithm, checksum_type, checksum_value, created_at, modified_at)
            SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, t.ts, t.ts FROM (SELECT clock_timestamp() AS ts) t
            ON CONFLICT (key) DO NOTHING
            RETURNING modified_at""";

    private static final String REPLACE_IF_MATCH = """
            WITH up AS (
                UPDATE %1$s.objects SET
                    key = ?, size = ?, etag = ?, sha256 = ?, content_type = ?, user_metadata = ?,
                    inline_data = ?, inline_zstd = ?, file_id = ?, content_headers = ?,
                    checksum_algorithm = ?, checksum_type = ?, checksum_value = ?, parts = NULL, part_ends = NULL,
                    expires_at = NULL, origin_validator = NULL, modified_at = clock_timestamp()
                 WHERE key = ? AND etag = ?
                RETURNING old.file_id AS old_file, old.parts AS old_parts, new.modified_at)
            """ + QUEUE_OLD;

    private ObjectPublisher() {
    }

    /**
     * Takes the key's lock, decides the condition and publishes.
     *
     * @return the new Last-Modified
     * @throws StoreException PRECONDITION_FAILED (the caller rolls back)
     */
    static Instant publish(Connection c, Namespace ns, NewObject o, WriteCondition condition) throws SQLException {
        Locks.lockObjectKey(c, ns.id(), o.key());
        String sql;
        if (condition != null && condition.createOnly()) {
            sql = CREATE_ONLY;
        } else if (condition != null && condition.ifMatchEtag() != null) {
            sql = REPLACE_IF_MATCH;
        } else {
            sql = UPSERT;
        }
        try (PreparedStatement ps = c.prepareStatement(String.format(sql, ns.schema()))) {
            int i = bindRow(c, ps, o);
            if (sql == REPLACE_IF_MATCH) {
                ps.setString(i++, o.key());
                ps.setString(i, condition.ifMatchEtag());
            }
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new StoreException(StoreError.PRECONDITION_FAILED, condition.createOnly()
                            ? "key " + o.key() + " already exists"
                            : "key " + o.key() + " does not exist with ETag " + condition.ifMatchEtag());
                }
                return rs.getTimestamp(1).toInstant();
            }
        }
    }

    private static int bindRow(Connection c, PreparedStatement ps, NewObject o) throws SQLException {
        int i = 1;
        ps.setString(i++, o.key());
        ps.setLong(i++, o.size());
        ps.setString(i++, o.etag());
        ps.setBytes(i++, o.sha256());
        ps.setString(i++, o.contentType());
        ps.setArray(i++, c.createArrayOf("text", o.userMetadata()));
        ps.setBytes(i++, o.inlineData());
        ps.setBoolean(i++, o.inlineZstd());
        if (o.fileId() == null) {
            ps.setNull(i++, Types.BIGINT);
        } else {
            ps.setLong(i++, o.fileId());
        }
        ps.setArray(i++, c.createArrayOf("text", o.contentHeaders()));
        ObjectChecksum checksum = o.checksum();
        ps.setString(i++, checksum == null ? null : checksum.algorithm().name());
        ps.setString(i++, checksum == null ? null : checksum.type().name());
        ps.setString(i++, checksum == null ? null : checksum.value());
        return i;
    }
}
