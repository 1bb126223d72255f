package io.pgvs3.store.multipart;

import io.pgvs3.store.api.CompleteSpec;
import io.pgvs3.store.api.CompletedPart;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A CompleteMultipartUpload retried after its first attempt completed (the client never saw that
 * answer): the upload is gone, but the key holds the object those parts made, and S3 answers the retry
 * as it answered the first. The object's ETag, the MD5 of the listed parts' MD5s, recognizes it without
 * keeping completed uploads around.
 */
final class CompletedAgain {

    private static final String CURRENT = """
            SELECT etag, size, modified_at, checksum_algorithm, checksum_type, checksum_value
              FROM %1$s.objects WHERE key = ?""";

    private CompletedAgain() {
    }

    /** The first completion's answer, or null when the key holds something else (or nothing). */
    static PutResult find(Connection c, Namespace ns, CompleteSpec spec) throws SQLException {
        String expected = expectedEtag(spec.parts());
        if (expected == null) {
            return null;
        }
        try (PreparedStatement ps = c.prepareStatement(ns.sql(CURRENT))) {
            ps.setString(1, spec.key());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next() || !expected.equals(rs.getString(1))) {
                    return null;
                }
                return new PutResult(rs.getString(1), rs.getLong(2), rs.getObject(3, OffsetDateTime.class).toInstant(),
                        ObjectChecksum.ofStored(rs.getString(4), rs.getString(5), rs.getString(6)), false);
            }
        }
    }

    /** The multipart ETag of the listed parts, or null when a listed ETag is not an MD5. */
    private static String expectedEtag(List<CompletedPart> parts) {
        List<byte[]> md5s = new ArrayList<>(parts.size());
        for (CompletedPart part : parts) {
            String hex = PartAssembly.normalize(part.etag());
            if (hex.length() != 32 || !hex.chars().allMatch(ch -> Character.digit(ch, 16) >= 0)) {
                return null;
            }
            md5s.add(HexFormat.of().parseHex(hex));
        }
        return md5s.isEmpty() ? null : MultipartEtag.of(md5s);
    }
}
