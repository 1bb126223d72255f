package io.pgvs3.store.copy;

import io.pgvs3.store.api.CopySource;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

/** Reads the row a copy starts from, as stored. */
public final class SourceRows {

    private static final String FIND = """
            SELECT size, etag, sha256, content_type, user_metadata, modified_at, inline_data, inline_zstd,
                   file_id, parts, part_ends, content_headers, checksum_algorithm, checksum_type, checksum_value
              FROM %s.objects WHERE key = ?""";

    private SourceRows() {
    }

    /**
     * The source object, which must exist and meet the copy's conditions.
     *
     * @throws StoreException NO_SUCH_KEY or PRECONDITION_FAILED
     */
    public static StoredObject require(Connection c, Namespace ns, CopySource source) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(FIND))) {
            ps.setString(1, source.key());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new StoreException(StoreError.NO_SUCH_KEY, "no such key: " + source.key());
                }
                StoredObject found = new StoredObject(ns, source.key(), rs.getLong(1), rs.getString(2),
                        rs.getBytes(3), rs.getString(4), (String[]) rs.getArray(5).getArray(),
                        rs.getObject(6, OffsetDateTime.class).toInstant(), rs.getBytes(7), rs.getBoolean(8),
                        (Long) rs.getObject(9), longs(rs.getArray(10)), longs(rs.getArray(11)),
                        (String[]) rs.getArray(12).getArray(),
                        ObjectChecksum.ofStored(rs.getString(13), rs.getString(14), rs.getString(15)));
                requireConditions(source, found.etag(), found.lastModified());
                return found;
            }
        }
    }

    /** @throws StoreException PRECONDITION_FAILED unless the source's conditions (if any) hold */
    public static void requireConditions(CopySource source, String etag, Instant lastModified) {
        if (source.conditions() != null && !source.conditions().holds(etag, lastModified)) {
            throw new StoreException(StoreError.PRECONDITION_FAILED,
                    "the copy source does not meet the x-amz-copy-source-if-* conditions");
        }
    }

    private static Long[] longs(Array array) throws SQLException {
        return array == null ? null : (Long[]) array.getArray();
    }
}
