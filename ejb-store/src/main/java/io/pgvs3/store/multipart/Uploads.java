package io.pgvs3.store.multipart;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * Data access for a namespace's {@code uploads}. Part writers hold an upload's row with FOR KEY SHARE
 * while they record a part; Complete and Abort take FOR UPDATE, so a part is recorded either before
 * them (and they see it) or not at all (NO_SUCH_UPLOAD).
 */
final class Uploads {

    private static final String INSERT = """
            INSERT INTO %s.uploads (upload_id, key, content_type, user_metadata, checksum_algorithm, checksum_type,
                                    created_at)
            VALUES (?, ?, ?, ?, ?, ?, clock_timestamp())
            RETURNING created_at""";

    /** The row of {@code upload_id} if it belongs to {@code key}; a lock clause may follow. */
    private static final String FIND = """
            SELECT created_at, checksum_algorithm, checksum_type, content_type, user_metadata
              FROM %s.uploads WHERE upload_id = ? AND key = ?""";

    private static final String DELETE = "DELETE FROM %s.uploads WHERE upload_id = ?";

    /** How {@link #require} locks the row. */
    enum Lock {
        NONE(""), SHARE(" FOR KEY SHARE"), UPDATE(" FOR UPDATE");

        private final String clause;

        Lock(String clause) {
            this.clause = clause;
        }
    }

    private Uploads() {
    }

    static Instant insert(Connection c, Namespace ns, Upload upload) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(INSERT))) {
            ps.setString(1, upload.uploadId());
            ps.setString(2, upload.key());
            ps.setString(3, upload.contentType());
            ps.setArray(4, c.createArrayOf("text", upload.userMetadata()));
            ps.setString(5, upload.checksumAlgorithm());
            ps.setString(6, upload.checksumType());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getObject(1, OffsetDateTime.class).toInstant();
            }
        }
    }

    /** @throws StoreException NO_SUCH_UPLOAD when the id is unknown or belongs to another key */
    static Upload require(Connection c, Namespace ns, String uploadId, String key, Lock lock) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(FIND) + lock.clause)) {
            ps.setString(1, uploadId);
            ps.setString(2, key);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new StoreException(StoreError.NO_SUCH_UPLOAD, "no such upload: " + uploadId);
                }
                return new Upload(key, uploadId, rs.getObject(1, OffsetDateTime.class).toInstant(), rs.getString(2),
                        rs.getString(3), rs.getString(4), (String[]) rs.getArray(5).getArray());
            }
        }
    }

    /** Deletes the upload; its part rows go with it (ON DELETE CASCADE). */
    static void delete(Connection c, Namespace ns, String uploadId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(DELETE))) {
            ps.setString(1, uploadId);
            ps.executeUpdate();
        }
    }
}
