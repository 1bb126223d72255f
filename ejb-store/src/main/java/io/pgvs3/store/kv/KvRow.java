package io.pgvs3.store.kv;

import io.pgvs3.store.api.KvEntry;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One value row as the KV queries select it: {@link #COLUMNS} in this order. Expiry travels as epoch
 * milliseconds; {@link #LIVE} compares it with the caller's instant.
 */
record KvRow(String key, StoredValue value, long expiresAt) {

    static final String COLUMNS = """
            key, size, inline_data, inline_zstd, file_id,
            coalesce((extract(epoch FROM expires_at) * 1000)::int8, 0)""";
    /** The same without the inline bytes, for peeks. */
    static final String META_COLUMNS = """
            key, size, NULL::bytea, false, file_id,
            coalesce((extract(epoch FROM expires_at) * 1000)::int8, 0)""";
    /** An epoch-millisecond parameter (or NULL) as a timestamptz. */
    static final String MILLIS = "('epoch'::timestamptz + %s * interval '1 millisecond')";
    /**
     * Not expired at the epoch milliseconds bound to its parameter (an int8: binds in binary, where a
     * timestamp would be formatted as text and parsed again for every statement): like Redis, a key
     * expires once now passes its time.
     */
    static final String LIVE = "(expires_at IS NULL OR expires_at >= " + String.format(MILLIS, "?::int8") + ")";

    static KvRow of(ResultSet rs) throws SQLException {
        long file = rs.getLong(5);
        Long fileId = rs.wasNull() ? null : file;
        return new KvRow(rs.getString(1), new StoredValue(rs.getLong(2), rs.getBytes(3), rs.getBoolean(4), fileId),
                rs.getLong(6));
    }

    boolean liveAt(long now) {
        return expiresAt == KvEntry.PERSISTENT || expiresAt >= now;
    }
}
