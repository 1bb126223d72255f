package io.pgvs3.store.stats;

import io.pgvs3.store.api.NamespaceStats;
import io.pgvs3.store.api.StoreReport;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.ReadRetry;
import io.pgvs3.store.sql.SqlErrors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Measures every namespace, one statement each, in autocommit so no snapshot is held across them. A
 * namespace dropped meanwhile is left out. Exact: object counts, logical bytes, queue lengths and the
 * queued files' row counts (index-only). Estimated: total chunk rows ({@code reltuples}).
 */
public final class StatsReader {

    private static final Logger LOG = Logger.getLogger(StatsReader.class.getName());

    private static final String HEADER = """
            SELECT clock_timestamp(), pg_database_size(current_database())""";
    private static final String NAMESPACES = "SELECT name, kind, schema_name FROM pgvs3.namespaces ORDER BY id";
    private static final String ONE = """
            SELECT o.objects, o.logical,
                   pg_total_relation_size('%1$s.objects') + pg_total_relation_size('%1$s.chunks'),
                   (SELECT CASE WHEN reltuples >= 0 THEN reltuples::int8
                                ELSE pg_relation_size(oid) / current_setting('block_size')::int8 END
                      FROM pg_class WHERE oid = '%1$s.chunks'::regclass),
                   (SELECT count(*) FROM %1$s.garbage),
                   (SELECT count(*) FROM %1$s.chunks c WHERE c.file_id IN (SELECT file_id FROM %1$s.garbage)),
                   (SELECT (extract(epoch FROM clock_timestamp() - min(queued_at)) * 1000)::int8 FROM %1$s.garbage),
                   (SELECT count(*) FROM %1$s.uploads)
              FROM (SELECT count(*) AS objects, coalesce(sum(size), 0)::int8 AS logical FROM %1$s.objects) o""";

    private final DataSource dataSource;

    public StatsReader(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public StoreReport report() throws SQLException {
        return ReadRetry.run(dataSource, StatsReader::reportOn);
    }

    private static StoreReport reportOn(Connection c) throws SQLException {
        Instant at;
        long databaseBytes;
        try (PreparedStatement ps = c.prepareStatement(HEADER); ResultSet rs = ps.executeQuery()) {
            rs.next();
            at = rs.getTimestamp(1).toInstant();
            databaseBytes = rs.getLong(2);
        }
        List<String[]> namespaces = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(NAMESPACES); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                namespaces.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3)});
            }
        }
        List<NamespaceStats> out = new ArrayList<>();
        for (String[] ns : namespaces) {
            try {
                out.add(measure(c, ns[1], new Namespace(0, ns[0], ns[2])));
            } catch (SQLException e) {
                if (!SqlErrors.isMissingNamespace(e)) {
                    throw e;
                }
                LOG.fine(() -> "namespace " + ns[0] + " was dropped while it was measured");
            }
        }
        return new StoreReport(at, databaseBytes, out);
    }

    private static NamespaceStats measure(Connection c, String kind, Namespace ns) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(ONE)); ResultSet rs = ps.executeQuery()) {
            rs.next();
            long garbageRows = rs.getLong(6);
            long oldestMillis = rs.getLong(7);
            Duration oldest = rs.wasNull() ? null : Duration.ofMillis(Math.max(0, oldestMillis));
            return new NamespaceStats(ns.name(), kind, rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
                    rs.getLong(5), garbageRows, garbageRows * ChunkFormat.BLOCK, oldest,
                    rs.getLong(8));
        }
    }
}
