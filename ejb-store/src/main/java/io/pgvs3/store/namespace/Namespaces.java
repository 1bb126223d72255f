package io.pgvs3.store.namespace;

import io.pgvs3.store.api.BucketInfo;
import io.pgvs3.store.layout.NamespaceDdl;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Data access for {@code pgvs3.namespaces}; every method runs on the caller's connection. */
public final class Namespaces {

    public static final String KIND_BUCKET = "bucket";
    /** Namespaces of the RESP bridge's values (and of origin caches); never resolved as buckets. */
    public static final String KIND_CACHE = "cache";

    private Namespaces() {
    }

    /** With the {@code objects} table's OID (0 for kinds without one), in the same round trip. */
    private static final String FIND = """
            SELECT id, schema_name, coalesce(to_regclass(schema_name || '.objects')::oid::int8, 0), origin::text
              FROM pgvs3.namespaces WHERE name = ? AND kind = ?""";

    public static Optional<Namespace> find(Connection c, String name) throws SQLException {
        return select(c, FIND, name, KIND_BUCKET);
    }

    /** A namespace of another kind than bucket, e.g. a RESP database. */
    public static Optional<Namespace> find(Connection c, String name, String kind) throws SQLException {
        return select(c, FIND, name, kind);
    }

    /**
     * Writers hold this until commit: it blocks a concurrent bucket delete (which takes FOR UPDATE),
     * so nothing can commit into a dropped schema.
     */
    private static final String FIND_FOR_WRITE = FIND + " FOR KEY SHARE";

    public static Optional<Namespace> findForWrite(Connection c, String name) throws SQLException {
        return select(c, FIND_FOR_WRITE, name, KIND_BUCKET);
    }

    private static final String FIND_FOR_DROP = FIND + " FOR UPDATE";

    public static Optional<Namespace> findForDrop(Connection c, String name) throws SQLException {
        return select(c, FIND_FOR_DROP, name, KIND_BUCKET);
    }

    private static final String NEXT_ID = "SELECT nextval(pg_get_serial_sequence('pgvs3.namespaces', 'id'))";
    private static final String INSERT = """
            INSERT INTO pgvs3.namespaces (id, name, kind, schema_name, origin) VALUES (?, ?, ?, ?, ?::jsonb)""";

    /** Inserts the row (the caller then creates the schema in the same transaction). */
    public static Namespace insert(Connection c, String name, String kind) throws SQLException {
        return insert(c, name, kind, null);
    }

    /** Inserts the row of an origin-backed bucket ({@code origin}: its JSON document) or, for null, any other. */
    public static Namespace insert(Connection c, String name, String kind, String origin) throws SQLException {
        long id;
        try (PreparedStatement ps = c.prepareStatement(NEXT_ID); ResultSet rs = ps.executeQuery()) {
            rs.next();
            id = rs.getLong(1);
        }
        Namespace ns = new Namespace(id, name, NamespaceDdl.schemaName(id));
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setLong(1, id);
            ps.setString(2, name);
            ps.setString(3, kind);
            ps.setString(4, ns.schema());
            ps.setString(5, origin);
            ps.executeUpdate();
        }
        return ns;
    }

    private static final String DELETE = "DELETE FROM pgvs3.namespaces WHERE id = ?";

    public static void delete(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(DELETE)) {
            ps.setLong(1, id);
            ps.executeUpdate();
        }
    }

    private static final String LIST_BUCKETS = """
            SELECT name, created_at FROM pgvs3.namespaces WHERE kind = 'bucket' ORDER BY name""";

    public static List<BucketInfo> listBuckets(Connection c) throws SQLException {
        List<BucketInfo> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(LIST_BUCKETS); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new BucketInfo(rs.getString(1), rs.getTimestamp(2).toInstant()));
            }
        }
        return out;
    }

    /** An origin-backed bucket and whether its outbox drain is paused ({@code settings.drainPaused}). */
    public record OriginBucket(Namespace namespace, boolean drainPaused) {
    }

    private static final String ORIGIN_BACKED = """
            SELECT id, name, schema_name, origin::text, coalesce((settings->>'drainPaused')::boolean, false)
              FROM pgvs3.namespaces WHERE kind = 'bucket' AND origin IS NOT NULL ORDER BY name""";

    /** Every origin-backed bucket, in name order. */
    public static List<OriginBucket> listOriginBacked(Connection c) throws SQLException {
        List<OriginBucket> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ORIGIN_BACKED); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new OriginBucket(new Namespace(rs.getLong(1), rs.getString(2), rs.getString(3), 0,
                        rs.getString(4)), rs.getBoolean(5)));
            }
        }
        return out;
    }

    private static final String PAUSE_DRAIN = """
            UPDATE pgvs3.namespaces SET settings = settings || jsonb_build_object('drainPaused', ?::boolean)
             WHERE name = ? AND kind = 'bucket' AND origin IS NOT NULL""";

    /** Pauses or resumes the drain of an origin-backed bucket on every gateway; false if there is none. */
    public static boolean pauseDrain(Connection c, String name, boolean paused) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(PAUSE_DRAIN)) {
            ps.setBoolean(1, paused);
            ps.setString(2, name);
            return ps.executeUpdate() == 1;
        }
    }

    private static final String DRAIN_PAUSED = """
            SELECT coalesce((settings->>'drainPaused')::boolean, false) FROM pgvs3.namespaces WHERE id = ?""";

    public static boolean isDrainPaused(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(DRAIN_PAUSED)) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    private static Optional<Namespace> select(Connection c, String sql, String name, String kind)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, name);
            ps.setString(2, kind);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new Namespace(rs.getLong(1), name, rs.getString(2), rs.getLong(3),
                        rs.getString(4)))
                        : Optional.empty();
            }
        }
    }
}
