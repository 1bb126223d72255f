package io.pgvs3.store.read;

import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ContentHeaders;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.KeyArrays;
import io.pgvs3.store.sql.TextPairs;
import java.io.IOException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Reads object rows by primary key. */
final class ObjectRows {

    /**
     * {@code modified_at} travels as epoch microseconds (its exact precision): read as a timestamp, it made PgJDBC
     * build a TimestampUtils and its GregorianCalendar for every result set, 1.6 % of a small GET's CPU (JFR).
     */
    private static final String META = """
            SELECT size, etag, content_type, user_metadata, (extract(epoch FROM modified_at) * 1000000)::int8,
                   file_id, inline_zstd, content_headers, checksum_algorithm, checksum_type, checksum_value,
                   parts, part_ends""";
    private static final String HEAD = META + ", NULL::bytea FROM %1$s.objects WHERE key = ?";
    private static final String GET = META + ", inline_data FROM %1$s.objects WHERE key = ?";
    /** {@link #HEAD} and {@link #GET} of many keys (ADR 70): the key follows the row. */
    private static final String HEAD_ALL = META + ", NULL::bytea, key FROM %1$s.objects WHERE "
            + KeyArrays.KEY_IN_BOUND_ARRAY;
    private static final String GET_ALL = META + ", inline_data, key FROM %1$s.objects WHERE "
            + KeyArrays.KEY_IN_BOUND_ARRAY;

    /**
     * An origin-backed bucket's row with the origin's validator and the age of its last confirmation
     * (seconds by the database's clock, null if never confirmed), in the same lookup. A write-back waiting
     * for its origin is confirmed until 'infinity': never stale, whatever the server makes of an infinite
     * interval.
     */
    private static final String CACHED = """
            , k.validator, CASE WHEN k.checked_at = 'infinity' THEN '-Infinity'::float8
                                ELSE extract(epoch FROM statement_timestamp() - k.checked_at)::float8 END
              FROM %1$s.objects o LEFT JOIN %1$s.origin_keys k ON k.key = o.key WHERE o.key = ?""";
    private static final String CACHED_HEAD = META + ", NULL::bytea" + CACHED;
    private static final String CACHED_GET = META + ", inline_data" + CACHED;

    private ObjectRows() {
    }

    /** HEAD never reads {@code inline_data}; GET reads it in the same lookup. */
    static Optional<ObjectMeta> find(Connection c, Namespace ns, String key, boolean withInlineBody)
            throws SQLException, IOException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(withInlineBody ? GET : HEAD))) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(meta(rs, ns, key, withInlineBody)) : Optional.empty();
            }
        }
    }

    /** A row found by {@link #findAll}: its metadata, or why its inline body could not be read. */
    record Found(ObjectMeta meta, IOException corrupt) {
    }

    /** {@link #find} of many keys in one query: the rows found, by key (a key without a row is absent). */
    static Map<String, Found> findAll(Connection c, Namespace ns, String[] keys, boolean withInlineBody)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(withInlineBody ? GET_ALL : HEAD_ALL))) {
            ps.setObject(1, keys); // binary, no type looked up by name (KvUpsert.bind)
            try (ResultSet rs = ps.executeQuery()) {
                Map<String, Found> rows = new HashMap<>();
                while (rs.next()) {
                    String key = rs.getString(15);
                    try {
                        rows.put(key, new Found(meta(rs, ns, key, withInlineBody), null));
                    } catch (IOException e) {
                        rows.put(key, new Found(null, e));
                    }
                }
                return rows;
            }
        }
    }

    /** {@link #find} in an origin-backed bucket, with what its origin last said of the row. */
    static Optional<CachedObject> findCached(Connection c, Namespace ns, String key, boolean withInlineBody)
            throws SQLException, IOException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(withInlineBody ? CACHED_GET : CACHED_HEAD))) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                ObjectMeta meta = meta(rs, ns, key, withInlineBody);
                String validator = rs.getString(15);
                double age = rs.getDouble(16);
                return Optional.of(new CachedObject(meta, validator, rs.wasNull() ? Double.NaN : age));
            }
        }
    }

    private static ObjectMeta meta(ResultSet rs, Namespace ns, String key, boolean withInlineBody)
            throws SQLException, IOException {
        long size = rs.getLong(1);
        long fileId = rs.getLong(6);
        boolean isInline = rs.wasNull();
        byte[] inline = null;
        if (withInlineBody && isInline) {
            inline = inflate(rs.getBytes(14), rs.getBoolean(7), size);
            if (inline.length != size) {
                throw new IOException("inline body of " + key + " has " + inline.length + " bytes, expected " + size);
            }
        }
        return new ObjectMeta(ns.name(), key, size, rs.getString(2), rs.getString(3),
                TextPairs.of(rs.getArray(4)), epochMicros(rs.getLong(5)),
                new BodyLocation(inline, fileId, longs(rs.getArray(12)), longs(rs.getArray(13))),
                ContentHeaders.of(TextPairs.of(rs.getArray(8))),
                ObjectChecksum.ofStored(rs.getString(9), rs.getString(10), rs.getString(11)));
    }

    private static final String INLINE_BODY = """
            SELECT inline_data, inline_zstd FROM %s.objects
             WHERE key = ? AND etag = ? AND modified_at = ? AND file_id IS NULL""";

    /** The inline body of exactly the version {@code meta} describes, or empty if the key changed since. */
    static Optional<byte[]> inlineBody(Connection c, Namespace ns, ObjectMeta meta) throws SQLException, IOException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(INLINE_BODY))) {
            ps.setString(1, meta.key());
            ps.setString(2, meta.etag());
            ps.setObject(3, OffsetDateTime.ofInstant(meta.lastModified(), ZoneOffset.UTC));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(inflate(rs.getBytes(1), rs.getBoolean(2), meta.size()))
                        : Optional.empty();
            }
        }
    }

    static byte[] inflate(byte[] stored, boolean zstd, long size) throws IOException {
        if (!zstd) {
            return stored;
        }
        try (BlockCodec codec = BlockCodec.pooled()) {
            return codec.decompressWhole(stored, size);
        }
    }

    /** An int8[] column as a long[], or null. */
    static long[] longs(Array array) throws SQLException {
        if (array == null) {
            return null;
        }
        Long[] boxed = (Long[]) array.getArray();
        long[] out = new long[boxed.length];
        for (int i = 0; i < boxed.length; i++) {
            out[i] = boxed[i];
        }
        return out;
    }

    private static Instant epochMicros(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
    }
}
