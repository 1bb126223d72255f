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
import java.util.ArrayList;
import java.util.List;

/**
 * Publishes and deletes object rows inside the caller's transaction, under the per-key advisory lock.
 * The statement that replaces or deletes a row returns its files (PostgreSQL 18 {@code RETURNING
 * old.*}); those that nothing else references any more are queued as garbage before commit
 * ({@link FileRefs}).
 */
public final class ObjectPublisher {

    private static final String COLUMNS = """
            key, size, etag, sha256, content_type, user_metadata, inline_data, inline_zstd, file_id,
            parts, part_ends, content_headers, checksum_algorithm, checksum_type, checksum_value""";

    private static final String VALUES = "?, ?, ?, ?, ?, ?, ?, ?, ?, ?::int8[], ?::int8[], ?, ?, ?, ?";

    private static final String INSERT_ROW = """
            INSERT INTO %1$s.objects AS o (""" + COLUMNS + """
            , created_at, modified_at)
            SELECT""" + " " + VALUES + """
            , t.ts, t.ts FROM (SELECT clock_timestamp() AS ts) t""";

    private static final String ON_CONFLICT_SET = """

            ON CONFLICT (key) DO UPDATE SET
                size = excluded.size, etag = excluded.etag, sha256 = excluded.sha256,
                content_type = excluded.content_type, user_metadata = excluded.user_metadata,
                inline_data = excluded.inline_data, inline_zstd = excluded.inline_zstd,
                file_id = excluded.file_id, parts = excluded.parts, part_ends = excluded.part_ends,
                content_headers = excluded.content_headers, checksum_algorithm = excluded.checksum_algorithm,
                checksum_type = excluded.checksum_type, checksum_value = excluded.checksum_value,
                expires_at = NULL, origin_validator = NULL, modified_at = excluded.modified_at""";

    private static final String RETURNING_REPLACED = """

            RETURNING new.modified_at, old.file_id, old.parts""";

    private static final String ON_CONFLICT_REPLACE = ON_CONFLICT_SET + RETURNING_REPLACED;

    /** If-None-Match with a tag: the existing row is replaced only when its ETag differs. */
    private static final String ON_CONFLICT_REPLACE_IF_NONE_MATCH = ON_CONFLICT_SET + """

             WHERE o.etag <> ?""" + RETURNING_REPLACED;

    private static final String ON_CONFLICT_KEEP = """

            ON CONFLICT (key) DO NOTHING
            RETURNING modified_at, NULL::int8, NULL::int8[]""";

    private static final String REPLACE_SET = """
            UPDATE %1$s.objects SET
                key = ?, size = ?, etag = ?, sha256 = ?, content_type = ?, user_metadata = ?,
                inline_data = ?, inline_zstd = ?, file_id = ?, parts = ?::int8[], part_ends = ?::int8[],
                content_headers = ?, checksum_algorithm = ?, checksum_type = ?, checksum_value = ?,
                expires_at = NULL, origin_validator = NULL, modified_at = clock_timestamp()""";

    private static final String REPLACE_WHERE = """

             WHERE key = ? AND etag = ?""" + RETURNING_REPLACED;

    /** If-Match: *: whatever version is there. */
    private static final String REPLACE_ANY_WHERE = """

             WHERE key = ?""" + RETURNING_REPLACED;

    private static final String EXISTS = "SELECT 1 FROM %1$s.objects WHERE key = ?";
    private static final String CURRENT_ETAG = "SELECT etag FROM %1$s.objects WHERE key = ?";

    private static final String UPSERT = INSERT_ROW + ON_CONFLICT_REPLACE;
    private static final String CREATE_ONLY = INSERT_ROW + ON_CONFLICT_KEEP;
    private static final String REPLACE_IF_MATCH = REPLACE_SET + REPLACE_WHERE;
    private static final String REPLACE_IF_EXISTS = REPLACE_SET + REPLACE_ANY_WHERE;
    private static final String UPSERT_IF_NONE_MATCH = INSERT_ROW + ON_CONFLICT_REPLACE_IF_NONE_MATCH;

    /*
     * The same three statements with the namespace row lock (FOR KEY SHARE: a DeleteBucket waits) and
     * the key's advisory lock taken inside them, so a small PUT is one round trip plus its commit. Both
     * locks are the ones lockForWrite and Locks.lockObjectKey take; no row comes back when the namespace
     * row is not the one the gateway cached, or when the condition fails.
     */
    private static final String LOCKS = """
            WITH ns AS (SELECT id FROM pgvs3.namespaces WHERE id = ? AND name = ? FOR KEY SHARE),
                 locked AS (SELECT pg_advisory_xact_lock(hashtextextended(?, ns.id)) FROM ns)
            """;
    private static final String LOCKED_UPSERT = LOCKS + INSERT_ROW + ", locked" + ON_CONFLICT_REPLACE;
    private static final String LOCKED_CREATE_ONLY = LOCKS + INSERT_ROW + ", locked" + ON_CONFLICT_KEEP;
    private static final String LOCKED_REPLACE_IF_MATCH = LOCKS + REPLACE_SET + " FROM locked" + REPLACE_WHERE;
    private static final String LOCKED_REPLACE_IF_EXISTS = LOCKS + REPLACE_SET + " FROM locked" + REPLACE_ANY_WHERE;
    private static final String LOCKED_UPSERT_IF_NONE_MATCH = LOCKS + INSERT_ROW + ", locked"
            + ON_CONFLICT_REPLACE_IF_NONE_MATCH;

    private static final String DELETE = """
            DELETE FROM %1$s.objects WHERE key = ? RETURNING modified_at, file_id, parts""";

    private ObjectPublisher() {
    }

    /**
     * Takes the key's lock, decides the condition and publishes.
     *
     * @return the new Last-Modified
     * @throws StoreException PRECONDITION_FAILED, or NO_SUCH_KEY for If-Match on a missing key, as S3
     *                        answers (the caller rolls back)
     */
    public static Instant publish(Connection c, Namespace ns, NewObject o, WriteCondition condition)
            throws SQLException {
        return publish(c, ns, o, condition, List.of());
    }

    /**
     * {@link #publish(Connection, Namespace, NewObject, WriteCondition)}, also releasing {@code dropped}:
     * files whose references the caller removed in this transaction (one {@link FileRefs#release} per
     * transaction).
     */
    public static Instant publish(Connection c, Namespace ns, NewObject o, WriteCondition condition,
                                  List<Long> dropped) throws SQLException {
        Locks.lockObjectKey(c, ns.id(), o.key());
        Instant modified = run(c, ns, o, condition, false, dropped);
        if (modified == null) {
            throw failed(condition, o.key(), condition.ifMatchEtag() == null || exists(c, ns, o.key()));
        }
        return modified;
    }

    /**
     * Decides {@code condition} on the key's current row without its lock, so that a long write (a copy)
     * refuses before its work what its publication would refuse now; publication still decides.
     *
     * @throws StoreException as {@link #publish(Connection, Namespace, NewObject, WriteCondition)} would
     */
    public static void precheck(Connection c, Namespace ns, String key, WriteCondition condition)
            throws SQLException {
        if (condition == null || condition.equals(WriteCondition.NONE)) {
            return;
        }
        String etag;
        try (PreparedStatement ps = c.prepareStatement(ns.sql(CURRENT_ETAG))) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                etag = rs.next() ? rs.getString(1) : null;
            }
        }
        // the precedence of run(): If-None-Match: *, then If-Match, then If-None-Match with a tag
        boolean holds;
        if (condition.createOnly()) {
            holds = etag == null;
        } else if (condition.ifMatchEtag() != null) {
            holds = etag != null && (WriteCondition.ANY.equals(condition.ifMatchEtag())
                    || condition.ifMatchEtag().equals(etag));
        } else {
            holds = !condition.ifNoneMatchEtag().equals(etag);
        }
        if (!holds) {
            throw failed(condition, key, etag != null);
        }
    }

    private static StoreException failed(WriteCondition condition, String key, boolean exists) {
        if (condition.ifMatchEtag() != null && !exists) {
            return new StoreException(StoreError.NO_SUCH_KEY, "key " + key + " does not exist");
        }
        return new StoreException(StoreError.PRECONDITION_FAILED, condition.createOnly()
                ? "key " + key + " already exists"
                : "key " + key + " does not hold the ETag the condition names");
    }

    /**
     * Publishes in one statement that also takes the namespace row lock and the key's lock, trusting
     * {@code cached} (a namespace the gateway remembers, not locked yet).
     *
     * @return the new Last-Modified, or null when nothing was published: the namespace row is no longer
     *         the cached one, or the condition failed; the caller then goes the locked way, {@link
     *         #publish(Connection, Namespace, NewObject, WriteCondition)}, in the same transaction, which
     *         tells the two apart
     */
    public static Instant publishTrusting(Connection c, Namespace cached, NewObject o, WriteCondition condition)
            throws SQLException {
        return run(c, cached, o, condition, true, List.of());
    }

    /** Runs the statement of {@code condition}; null when it changed no row. */
    private static Instant run(Connection c, Namespace ns, NewObject o, WriteCondition condition, boolean takeLocks,
                               List<Long> dropped) throws SQLException {
        WriteCondition given = condition == null ? WriteCondition.NONE : condition;
        boolean ifMatch = !given.createOnly() && given.ifMatchEtag() != null;
        boolean ifMatchAny = ifMatch && WriteCondition.ANY.equals(given.ifMatchEtag());
        boolean ifNoneMatch = !given.createOnly() && !ifMatch && given.ifNoneMatchEtag() != null;
        String sql;
        if (given.createOnly()) {
            sql = takeLocks ? LOCKED_CREATE_ONLY : CREATE_ONLY;
        } else if (ifMatchAny) {
            sql = takeLocks ? LOCKED_REPLACE_IF_EXISTS : REPLACE_IF_EXISTS;
        } else if (ifMatch) {
            sql = takeLocks ? LOCKED_REPLACE_IF_MATCH : REPLACE_IF_MATCH;
        } else if (ifNoneMatch) {
            sql = takeLocks ? LOCKED_UPSERT_IF_NONE_MATCH : UPSERT_IF_NONE_MATCH;
        } else {
            sql = takeLocks ? LOCKED_UPSERT : UPSERT;
        }
        Instant modified;
        List<Long> released = new ArrayList<>(dropped);
        try (PreparedStatement ps = c.prepareStatement(ns.sql(sql))) {
            int i = 1;
            if (takeLocks) {
                ps.setLong(i++, ns.id());
                ps.setString(i++, ns.name());
                ps.setString(i++, o.key());
            }
            i = bindRow(c, ps, o, i);
            if (ifMatch) {
                ps.setString(i++, o.key());
                if (!ifMatchAny) {
                    ps.setString(i, given.ifMatchEtag());
                }
            } else if (ifNoneMatch) {
                ps.setString(i, given.ifNoneMatchEtag());
            }
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                modified = rs.getTimestamp(1).toInstant();
                released.addAll(FileRefs.of(rs, 2, 3));
            }
        }
        FileRefs.release(c, ns, released);
        return modified;
    }

    /** Binds the row's columns from parameter {@code first} on; returns the next parameter index. */
    private static int bindRow(Connection c, PreparedStatement ps, NewObject o, int first) throws SQLException {
        int i = first;
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
        ps.setArray(i++, o.parts() == null ? null : c.createArrayOf("int8", o.parts()));
        ps.setArray(i++, o.partEnds() == null ? null : c.createArrayOf("int8", o.partEnds()));
        ps.setArray(i++, c.createArrayOf("text", o.contentHeaders()));
        ObjectChecksum checksum = o.checksum();
        ps.setString(i++, checksum == null ? null : checksum.algorithm().name());
        ps.setString(i++, checksum == null ? null : checksum.type().name());
        ps.setString(i++, checksum == null ? null : checksum.value());
        return i;
    }

    private static boolean exists(Connection c, Namespace ns, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(EXISTS))) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Deletes the key under its lock; returns whether a row existed. */
    static boolean delete(Connection c, Namespace ns, String key) throws SQLException {
        Locks.lockObjectKey(c, ns.id(), key);
        List<Long> released;
        try (PreparedStatement ps = c.prepareStatement(ns.sql(DELETE))) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                released = FileRefs.of(rs, 2, 3);
            }
        }
        FileRefs.release(c, ns, released);
        return true;
    }
}
