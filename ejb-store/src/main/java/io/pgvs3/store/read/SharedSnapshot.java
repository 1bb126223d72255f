package io.pgvs3.store.read;

import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.FileLocks;
import io.pgvs3.store.sql.ReadRetry;
import io.pgvs3.store.sql.SqlErrors;
import io.pgvs3.store.sql.Transactions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The window's fallback on a primary where read pins cannot serve (a span over more files than a read
 * may pin, a file the reaper is deleting, no pin guard): a read-only REPEATABLE READ transaction on a session
 * of its own pins the span's files (transaction-scoped: the reaper waits or skips them) and exports its
 * snapshot, held open for the whole read, and each piece is fetched in a transaction of a worker's own
 * that imports it ({@code SET TRANSACTION SNAPSHOT}). So the pieces still come in parallel, and all of
 * them see what the lead saw, even rows the reaper deletes meanwhile. Like the single-snapshot read it
 * replaces, it holds a snapshot (and one session) for as long as the client reads.
 */
final class SharedSnapshot implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(SharedSnapshot.class.getName());
    /** What pg_export_snapshot returns, e.g. 00000003-0000001B-1: checked, as it goes into SQL text. */
    private static final Pattern SNAPSHOT_ID = Pattern.compile("[0-9A-Fa-f]+(-[0-9A-Fa-f]+)+");

    private final Connection lead;
    private final String importStatement;

    private SharedSnapshot(Connection lead, String id) {
        this.lead = lead;
        this.importStatement = "SET TRANSACTION SNAPSHOT '" + id + "'";
    }

    /** Opens the lead transaction; a session the pool lent dead is replaced once (nothing was read yet). */
    static SharedSnapshot export(DataSource chunk, Namespace ns, long[] files) throws SQLException {
        try {
            return exportOnce(chunk, ns, files);
        } catch (SQLException e) {
            if (!ReadRetry.isDeadSession(e)) {
                throw e;
            }
            LOG.fine(() -> "a pooled session was dead (" + e.getMessage() + "); exporting on another");
            return exportOnce(chunk, ns, files);
        }
    }

    private static SharedSnapshot exportOnce(DataSource chunk, Namespace ns, long[] files) throws SQLException {
        Connection lead = chunk.getConnection();
        try {
            Transactions.beginSnapshot(lead);
            // the pin query is the transaction's first: it takes the snapshot the workers will share
            if (!FileLocks.tryPinShared(lead, ns.id(), files)) {
                LOG.fine(() -> "a file of " + ns.schema() + " is being reaped; reading from the snapshot");
            }
            String id;
            try (Statement s = lead.createStatement(); ResultSet r = s.executeQuery("SELECT pg_export_snapshot()")) {
                r.next();
                id = r.getString(1);
            }
            if (!SNAPSHOT_ID.matcher(id).matches()) {
                throw new SQLException("unexpected snapshot id from pg_export_snapshot: " + id);
            }
            return new SharedSnapshot(lead, id);
        } catch (SQLException | RuntimeException e) {
            end(lead, e);
            throw e;
        }
    }

    /** Puts the transaction just begun on {@code c} (autocommit off, nothing run yet) in the shared snapshot. */
    void enter(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(Transactions.READ_ONLY_SNAPSHOT);
            s.execute(importStatement);
        }
    }

    /** Ends the lead transaction: the snapshot can no longer be imported. */
    @Override
    public void close() {
        end(lead, null);
    }

    private static void end(Connection lead, Exception failure) {
        try (lead) {
            if (failure != null) {
                SqlErrors.rollbackQuietly(lead, failure);
            } else if (!lead.isClosed()) {
                Transactions.rollback(lead); // read only: nothing to keep
                lead.setAutoCommit(true);
            }
        } catch (SQLException e) {
            LOG.fine(() -> "ending a read's shared snapshot: " + e.getMessage());
        }
    }
}
