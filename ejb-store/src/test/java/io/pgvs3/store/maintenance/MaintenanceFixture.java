package io.pgvs3.store.maintenance;

import io.pgvs3.store.layout.NamespaceDdl;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.Namespaces;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/** A database of its own, the stores on it, and direct SQL to stage garbage, uploads and values. */
final class MaintenanceFixture {

    final PostgresExtension.Database db;
    final Stores stores;

    MaintenanceFixture() throws SQLException {
        db = PostgresExtension.freshStoreDatabase();
        stores = new Stores(db.main(), db.chunk());
    }

    DataSource main() {
        return db.main();
    }

    String newBucket(String hint) {
        return stores.newBucket(hint);
    }

    Namespace namespace(String name) throws SQLException {
        try (Connection c = main().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT id, schema_name FROM pgvs3.namespaces WHERE name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new Namespace(rs.getLong(1), name, rs.getString(2));
            }
        }
    }

    /** A namespace of kind {@code cache}, made the way the layout code makes every namespace. */
    Namespace newCacheNamespace(String name) throws SQLException {
        try (Connection c = main().getConnection()) {
            c.setAutoCommit(false);
            Namespace ns = Namespaces.insert(c, name, "cache");
            try (Statement s = c.createStatement()) {
                s.execute(NamespaceDdl.script(ns.schema()));
            }
            c.commit();
            return ns;
        }
    }

    /** A new file of {@code rows} one-byte chunk rows (not queued). */
    long newFile(Namespace ns, int rows) throws SQLException {
        long id = query("SELECT nextval('pgvs3.file_ids')");
        execute("INSERT INTO %s.chunks (file_id, no, data) SELECT " + id
                + ", g, '\\x01'::bytea FROM generate_series(0, " + (rows - 1) + ") g", ns);
        return id;
    }

    /** Queues {@code fileId} as garbage queued {@code age} ago. */
    void queue(Namespace ns, long fileId, Duration age) throws SQLException {
        execute("INSERT INTO %s.garbage (file_id, queued_at) VALUES (" + fileId + ", now() - interval '"
                + age.toMillis() + " milliseconds')", ns);
    }

    long queuedFile(Namespace ns, int rows, Duration age) throws SQLException {
        long id = newFile(ns, rows);
        queue(ns, id, age);
        return id;
    }

    long rowsOf(Namespace ns, long fileId) throws SQLException {
        return query(String.format("SELECT count(*) FROM %s.chunks WHERE file_id = " + fileId, ns.schema()));
    }

    boolean queued(Namespace ns, long fileId) throws SQLException {
        return query(String.format("SELECT count(*) FROM %s.garbage WHERE file_id = " + fileId, ns.schema())) == 1;
    }

    List<Long> queuedFiles(Namespace ns) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (Connection c = main().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(String.format("SELECT file_id FROM %s.garbage ORDER BY file_id", ns.schema()))) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    /** Runs {@code sql} with {@code %s} as the namespace's schema. */
    void execute(String sql, Namespace ns) throws SQLException {
        try (Connection c = main().getConnection(); Statement s = c.createStatement()) {
            s.execute(String.format(sql, ns.schema()));
        }
    }

    long query(String sql) throws SQLException {
        try (Connection c = main().getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static MaintenanceConfig config(Duration grace) {
        return MaintenanceConfig.defaults().withReaperGrace(grace);
    }
}
