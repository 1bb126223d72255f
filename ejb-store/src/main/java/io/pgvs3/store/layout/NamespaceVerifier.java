package io.pgvs3.store.layout;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

/**
 * Checks that every namespace's schema holds its tables, that its objects table has the latest columns
 * and that its chunks table keeps its settings.
 */
final class NamespaceVerifier {

    private static final String NAMESPACES = """
            SELECT n.name, n.schema_name, c.relkind, c.reloptions,
                   (SELECT count(*) FROM pg_class r
                     WHERE r.relnamespace = s.oid AND r.relname = ANY (?)) AS relations,
                   (SELECT count(*) FROM pg_attribute a JOIN pg_class o ON o.oid = a.attrelid
                     WHERE o.relnamespace = s.oid AND o.relname = 'objects' AND a.attname = ANY (?)
                       AND NOT a.attisdropped) AS latest_columns
              FROM pgvs3.namespaces n
              LEFT JOIN pg_namespace s ON s.nspname = n.schema_name
              LEFT JOIN pg_class c ON c.relnamespace = s.oid AND c.relname = 'chunks'
             ORDER BY n.id""";

    /** Returns the number of namespaces verified. */
    int verifyAll(Connection c) throws SQLException {
        int count = 0;
        try (PreparedStatement ps = c.prepareStatement(NAMESPACES)) {
            ps.setArray(1, c.createArrayOf("text", NamespaceDdl.RELATIONS.toArray()));
            ps.setArray(2, c.createArrayOf("text", NamespaceDdl.LATEST_OBJECT_COLUMNS.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    verifyOne(rs);
                    count++;
                }
            }
        }
        return count;
    }

    private static void verifyOne(ResultSet rs) throws SQLException {
        String name = rs.getString(1);
        String schema = rs.getString(2);
        String relkind = rs.getString(3);
        Array options = rs.getArray(4);
        long relations = rs.getLong(5);
        long latestColumns = rs.getLong(6);
        String where = "namespace " + name + " (schema " + schema + ")";
        if (relations != NamespaceDdl.RELATIONS.size()) {
            throw LayoutManager.partial(where + " lacks some of " + NamespaceDdl.RELATIONS);
        }
        if (latestColumns != NamespaceDdl.LATEST_OBJECT_COLUMNS.size()) {
            throw LayoutManager.partial(where + ": objects lacks some of the columns "
                    + NamespaceDdl.LATEST_OBJECT_COLUMNS + " (created by an earlier build of layout v1)");
        }
        if (!"r".equals(relkind)) {
            throw LayoutManager.partial(where + ": chunks is not a plain table (relkind " + relkind + ")");
        }
        List<String> found = options == null ? List.of() : Arrays.asList((String[]) options.getArray());
        if (!found.containsAll(NamespaceDdl.CHUNK_RELOPTIONS)) {
            throw LayoutManager.partial(where + ": chunks storage parameters are " + found + ", expected "
                    + NamespaceDdl.CHUNK_RELOPTIONS + " (restore them with ALTER TABLE " + schema
                    + ".chunks SET (...))");
        }
    }
}
