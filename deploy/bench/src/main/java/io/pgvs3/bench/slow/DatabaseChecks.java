package io.pgvs3.bench.slow;

import io.pgvs3.bench.targets.SqlTarget;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the database says about a slow download, on a session of its own: whether VACUUM of an
 * unrelated table can remove the dead tuples it just made, and how many shared advisory locks (read
 * pins) are held.
 */
final class DatabaseChecks implements AutoCloseable {

    private static final Pattern NOT_REMOVABLE = Pattern.compile("(\\d+) are dead but not yet removable");
    private static final int PROBE_ROWS = 1000;
    /** Attempts of one probe: a request's transaction open at that instant holds tuples back briefly. */
    private static final int ATTEMPTS = 3;

    private final Connection session;

    DatabaseChecks(SqlTarget database) throws SQLException {
        session = DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
        try (Statement s = session.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS bench_vacuum_probe (n int) WITH (autovacuum_enabled = off)");
        }
    }

    /**
     * Makes {@value #PROBE_ROWS} dead tuples, then VACUUMs: how many it could not remove. A transient
     * holder (a PUT committing at that moment) is waited out by trying again; a download that held a
     * snapshot would hold them all, every time.
     */
    long deadTuplesNotRemovable() throws SQLException, InterruptedException {
        try (Statement s = session.createStatement()) {
            s.execute("TRUNCATE bench_vacuum_probe"); // what an earlier probe could not remove does not count again
            s.execute("INSERT INTO bench_vacuum_probe SELECT generate_series(1, " + PROBE_ROWS + ")");
            s.execute("DELETE FROM bench_vacuum_probe");
            long left = 0;
            for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
                s.clearWarnings();
                s.execute("VACUUM (VERBOSE) bench_vacuum_probe");
                left = notRemovable(s.getWarnings());
                if (left == 0) {
                    break;
                }
                TimeUnit.MILLISECONDS.sleep(200); // let a request's transaction end, then ask again
            }
            return left;
        }
    }

    /** Granted shared advisory locks in the whole database: the gateway's read pins. */
    long readPins() throws SQLException {
        try (Statement s = session.createStatement(); ResultSet r = s.executeQuery(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND mode = 'ShareLock' AND granted")) {
            r.next();
            return r.getLong(1);
        }
    }

    private static long notRemovable(SQLWarning warnings) throws SQLException {
        for (SQLWarning w = warnings; w != null; w = w.getNextWarning()) {
            Matcher m = NOT_REMOVABLE.matcher(w.getMessage());
            if (m.find()) {
                return Long.parseLong(m.group(1));
            }
        }
        throw new SQLException("VACUUM VERBOSE reported no tuple counts");
    }

    @Override
    public void close() throws SQLException {
        try (Statement s = session.createStatement()) {
            s.execute("DROP TABLE IF EXISTS bench_vacuum_probe");
        } finally {
            session.close();
        }
    }
}
