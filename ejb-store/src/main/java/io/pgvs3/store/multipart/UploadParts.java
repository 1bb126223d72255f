package io.pgvs3.store.multipart;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/** Data access for a namespace's {@code upload_parts}. */
final class UploadParts {

    /**
     * Records a part, replacing an earlier part of the same number in the same statement (concurrent
     * uploads of one part number serialize on the row); returns the replaced file, if any.
     */
    private static final String PUT = """
            INSERT INTO %s.upload_parts AS p (upload_id, part_no, file_id, size, sha256, md5, checksum, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, clock_timestamp())
            ON CONFLICT (upload_id, part_no) DO UPDATE SET
                file_id = excluded.file_id, size = excluded.size, sha256 = excluded.sha256, md5 = excluded.md5,
                checksum = excluded.checksum, created_at = excluded.created_at
            RETURNING new.created_at, old.file_id""";

    private static final String SELECT =
            "SELECT part_no, file_id, size, sha256, md5, checksum, created_at FROM %s.upload_parts";
    private static final String ALL = SELECT + " WHERE upload_id = ? ORDER BY part_no";
    private static final String PAGE = SELECT + " WHERE upload_id = ? AND part_no > ? ORDER BY part_no LIMIT ?";

    private static final String DELETE_ALL = "DELETE FROM %s.upload_parts WHERE upload_id = ? RETURNING file_id";

    private UploadParts() {
    }

    /** The result of {@link #put}: the recorded part and the file it replaced (null if none). */
    record Put(StoredPart part, Long replacedFile) {
    }

    static Put put(Connection c, Namespace ns, String uploadId, StoredPart part) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(PUT))) {
            ps.setString(1, uploadId);
            ps.setInt(2, part.partNumber());
            ps.setLong(3, part.fileId());
            ps.setLong(4, part.size());
            ps.setBytes(5, part.sha256());
            ps.setBytes(6, part.md5());
            ps.setString(7, part.checksumColumn());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                StoredPart recorded = part.at(rs.getObject(1, OffsetDateTime.class).toInstant());
                return new Put(recorded, (Long) rs.getObject(2));
            }
        }
    }

    /** Every part of the upload in part-number order. */
    static List<StoredPart> all(Connection c, Namespace ns, String uploadId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(ALL))) {
            ps.setString(1, uploadId);
            return read(ps);
        }
    }

    /** Up to {@code limit} parts numbered above {@code after}. */
    static List<StoredPart> page(Connection c, Namespace ns, String uploadId, int after, int limit)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(PAGE))) {
            ps.setString(1, uploadId);
            ps.setInt(2, after);
            ps.setInt(3, limit);
            return read(ps);
        }
    }

    /** Deletes every part row of the upload; returns their files. */
    static List<Long> deleteAll(Connection c, Namespace ns, String uploadId) throws SQLException {
        List<Long> files = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ns.sql(DELETE_ALL))) {
            ps.setString(1, uploadId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    files.add(rs.getLong(1));
                }
            }
        }
        return files;
    }

    private static List<StoredPart> read(PreparedStatement ps) throws SQLException {
        List<StoredPart> parts = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                parts.add(new StoredPart(rs.getInt(1), rs.getLong(2), rs.getLong(3), rs.getBytes(4), rs.getBytes(5),
                        StoredPart.parseChecksum(rs.getString(6)), rs.getObject(7, OffsetDateTime.class).toInstant()));
            }
        }
        return parts;
    }
}
