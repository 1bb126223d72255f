package io.pgvs3.store.maintenance;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Whether a file is still referenced in its namespace: by an object's {@code file_id}, by any element of
 * an object's {@code parts}, by an upload part, or in an origin-backed bucket by a range block. Each test
 * is an index lookup (btree, GIN, unique).
 */
final class FileReferences {

    /** %1$s the schema, %2$s more tests; the file id is bound once, as {@code f.id}. */
    private static final String IS_REFERENCED = """
            SELECT EXISTS (SELECT 1 FROM %1$s.objects o WHERE o.file_id = f.id)
                OR EXISTS (SELECT 1 FROM %1$s.objects o WHERE o.parts @> ARRAY[f.id])
                OR EXISTS (SELECT 1 FROM %1$s.upload_parts u WHERE u.file_id = f.id)%2$s
              FROM (SELECT ?::int8 AS id) f""";

    private static final String IN_BUCKET = Namespace.withFragments(IS_REFERENCED, "");
    private static final String IN_ORIGIN_BACKED_BUCKET = Namespace.withFragments(IS_REFERENCED, """

                OR EXISTS (SELECT 1 FROM %1$s.origin_blocks b WHERE b.file_id = f.id)""");

    private FileReferences() {
    }

    static boolean isReferenced(Connection c, Namespace ns, boolean originBacked, long fileId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(originBacked ? IN_ORIGIN_BACKED_BUCKET : IN_BUCKET))) {
            ps.setLong(1, fileId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }
}
