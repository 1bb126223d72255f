package io.pgvs3.store.maintenance;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A namespace of any kind, as maintenance walks them. */
record MaintainedNamespace(Namespace namespace, String kind, boolean originBacked) {

    static final String KIND_CACHE = "cache";

    private static final String ALL = "SELECT id, name, schema_name, kind, origin IS NOT NULL FROM pgvs3.namespaces ORDER BY id";

    static List<MaintainedNamespace> all(Connection c) throws SQLException {
        List<MaintainedNamespace> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ALL); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new MaintainedNamespace(new Namespace(rs.getLong(1), rs.getString(2), rs.getString(3)),
                        rs.getString(4), rs.getBoolean(5)));
            }
        }
        return out;
    }
}
