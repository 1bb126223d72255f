package io.pgvs3.e2e;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A bucket's tables in a stack's database (the {@link FaultStack}'s unless told), measured exactly:
 * pgstattuple scans the heap (live and dead tuples, free space), pg_freespace reads the free space map (what
 * later writes can reuse). Only {@link #measure} needs those extensions.
 */
final class BucketTables {

    static final List<String> TABLES = List.of("objects", "chunks", "uploads", "upload_parts", "garbage");

    private static final String SCHEMA = "SELECT schema_name FROM pgvs3.namespaces WHERE name = ?";
    private static final String MEASURE = """
            SELECT pg_total_relation_size('%1$s'), s.table_len, s.tuple_count, s.tuple_len, s.dead_tuple_count,
                   s.free_space, (SELECT coalesce(sum(avail), 0) FROM pg_freespace('%1$s'))
              FROM pgstattuple('%1$s') s""";
    /** Chunk rows of files no object or upload part references (queued garbage included). */
    private static final String UNREFERENCED_FILES = """
            SELECT count(DISTINCT c.file_id) FROM %1$s.chunks c
             WHERE NOT EXISTS (SELECT 1 FROM %1$s.objects o WHERE o.file_id = c.file_id)
               AND NOT EXISTS (SELECT 1 FROM %1$s.objects o WHERE o.parts @> ARRAY[c.file_id])
               AND NOT EXISTS (SELECT 1 FROM %1$s.upload_parts u WHERE u.file_id = c.file_id)""";
    private static final String QUEUED_FILES = "SELECT count(*) FROM %s.garbage";

    /** One table: all sizes in bytes. */
    record Measure(String table, long totalBytes, long heapBytes, long liveTuples, long liveBytes, long deadTuples,
                   long freeBytes, long reusableBytes) {

        @Override
        public String toString() {
            return String.format("%-12s total %,12d heap %,12d live %,8d (%,12d B) dead %,7d free %,12d fsm %,12d",
                    table, totalBytes, heapBytes, liveTuples, liveBytes, deadTuples, freeBytes, reusableBytes);
        }
    }

    /** Where the bucket's tables are. */
    interface Connector {
        Connection connect() throws SQLException;
    }

    private final String schema;
    private final Connector db;

    private BucketTables(String schema, Connector db) {
        this.schema = schema;
        this.db = db;
    }

    static BucketTables of(String bucket) throws SQLException {
        return of(bucket, FaultStack::connect);
    }

    static BucketTables of(String bucket, Connector db) throws SQLException {
        try (Connection c = db.connect(); PreparedStatement ps = c.prepareStatement(SCHEMA)) {
            ps.setString(1, bucket);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("no namespace " + bucket);
                }
                return new BucketTables(rs.getString(1), db);
            }
        }
    }

    List<Measure> measure() throws SQLException {
        List<Measure> out = new ArrayList<>();
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            for (String table : TABLES) {
                try (ResultSet rs = s.executeQuery(String.format(MEASURE, schema + "." + table))) {
                    rs.next();
                    out.add(new Measure(table, rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                            rs.getLong(6), rs.getLong(7)));
                }
            }
        }
        return out;
    }

    static Measure of(List<Measure> measures, String table) {
        return measures.stream().filter(m -> m.table().equals(table)).findFirst().orElseThrow();
    }

    static String describe(List<Measure> measures) {
        return measures.stream().map(Measure::toString).collect(Collectors.joining("\n  ", "\n  ", ""));
    }

    long unreferencedFiles() throws SQLException {
        return number(String.format(UNREFERENCED_FILES, schema));
    }

    long queuedFiles() throws SQLException {
        return number(String.format(QUEUED_FILES, schema));
    }

    /**
     * Waits until the reaper has emptied the garbage queue and no unreferenced file has rows left, then
     * VACUUMs until no table holds a dead tuple (a vacuum cannot remove rows of a transaction that a
     * killed client's backend has not finished aborting yet) and a second VACUUM changes no measure: an
     * autovacuum (the embedded database looks every second) may be pruning pages while one round measures,
     * which frees their rows' space before it records that space in the free space map. Returns the settled
     * measures; fails after {@code patience}.
     */
    List<Measure> awaitReapedAndVacuumed(Duration patience) throws Exception {
        long deadline = System.nanoTime() + patience.toNanos();
        while (queuedFiles() > 0 || unreferencedFiles() > 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not reaped within " + patience + ": " + queuedFiles() + " file(s) queued, "
                        + unreferencedFiles() + " unreferenced file(s) with rows");
            }
            Thread.sleep(500);
        }
        List<Measure> previous = List.of();
        while (true) {
            vacuum();
            List<Measure> measures = measure();
            boolean clean = measures.stream().allMatch(m -> m.deadTuples() == 0);
            if (clean && measures.equals(previous)) {
                return measures;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError((clean ? "measures still changing" : "dead tuples left") + " after VACUUM for "
                        + patience + ":" + describe(measures) + "\nthe round before:" + describe(previous));
            }
            if (!clean) {
                Thread.sleep(500);
            }
            previous = measures;
        }
    }

    /**
     * VACUUM with index cleanup forced: by default a VACUUM that finds dead line pointers on under 2 % of a
     * table's pages skips the indexes and with them its second pass over the heap, which is where it records
     * those pages' free space, so pages emptied by opportunistic pruning stay out of the free space map round
     * after round (a CI run measured 730 KB of them in 53 MB of chunks) until a later autovacuum finds more.
     */
    void vacuum() throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("VACUUM (INDEX_CLEANUP ON) " + TABLES.stream().map(t -> schema + "." + t)
                    .collect(Collectors.joining(", ")));
        }
    }

    private long number(String sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
