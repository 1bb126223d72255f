package io.pgvs3.store.replication;

import io.pgvs3.store.api.ReplicationLag;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/** Reads a standby's replay lag from PostgreSQL's recovery functions in one statement. */
public final class ReplicationQuery {

    /**
     * The usual lag formula: caught up when replay reached the received position, else the age of the last
     * replayed commit. A primary that was idle shows that age for the moment between its next commit arriving
     * and being replayed (docs/operations.md).
     */
    private static final String LAG = """
            SELECT pg_is_in_recovery(), r.received::text, r.replayed::text,
                   COALESCE(GREATEST(pg_wal_lsn_diff(r.received, r.replayed), 0), 0)::int8,
                   CASE WHEN r.received IS NOT NULL AND r.received <= r.replayed THEN 0
                        ELSE extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp())::float8 END,
                   EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming')
              FROM (SELECT pg_last_wal_receive_lsn() AS received, pg_last_wal_replay_lsn() AS replayed) r""";

    private ReplicationQuery() {
    }

    /** {@link #lag(Connection, int)} on a session of {@code pool}. */
    public static ReplicationLag lag(DataSource pool, int timeoutSeconds) throws SQLException {
        try (Connection c = pool.getConnection()) {
            return lag(c, timeoutSeconds);
        }
    }

    /**
     * @param timeoutSeconds statement timeout, 0 for none
     * @return the lag, or null when the database is not in recovery (a primary)
     */
    public static ReplicationLag lag(Connection c, int timeoutSeconds) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(LAG)) {
            ps.setQueryTimeout(timeoutSeconds);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (!rs.getBoolean(1)) {
                    return null;
                }
                double seconds = rs.getDouble(5);
                return new ReplicationLag(rs.getString(2), rs.getString(3), rs.getLong(4),
                        rs.wasNull() ? Double.NaN : seconds, rs.getBoolean(6));
            }
        }
    }
}
