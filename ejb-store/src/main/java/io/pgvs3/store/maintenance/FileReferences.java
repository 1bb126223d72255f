package io.pgvs3.store.maintenance;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Whether a file is still referenced in its namespace: by an object's {@code file_id}, by any element of
 * an object's {@code parts}, or by an upload part. Each test is an index lookup (btree, GIN, unique).
 */
final class FileReferences {

    /** %1$s schema, %2$s the file id expression, %3$s an extra filter on upload parts ({@code u}). */
    private static final String REFERENCED = """
            (EXISTS (SELECT 1 FROM %1$s.objects o WHERE o.file_id = %2$s)
             OR EXISTS (SELECT 1 FROM %1$s.objects o WHERE o.parts @> ARRAY[%2$s])
             OR EXISTS (SELECT 1 FROM %1$s.upload_parts u WHERE u.file_id = %2$s%3$s))""";

    private static final String IS_REFERENCED = "SELECT %s FROM (SELECT ?::int8 AS id) f";

    private FileReferences() {
    }

    /** The predicate as SQL, for statements that test many files at once. */
    static String predicate(Namespace ns, String fileExpression, String uploadPartFilter) {
        return String.format(REFERENCED, ns.schema(), fileExpression, uploadPartFilter);
    }

    static boolean isReferenced(Connection c, Namespace ns, long fileId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(String.format(IS_REFERENCED, predicate(ns, "f.id", "")))) {
            ps.setLong(1, fileId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }
}
