package io.pgvs3.store.maintenance;

import io.pgvs3.store.sql.Transactions;

import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.FileLocks;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.logging.Logger;

/**
 * Deletes the chunk rows of garbage files, oldest queued first, only past the grace window and only
 * files no reader pins. A pass deletes at most {@code maxRowsPerPass} rows; a saturated pass chains
 * another, up to {@code maxPassesPerTick} per namespace. A pass is a run of short transactions of up to
 * {@link #FILES_PER_TRANSACTION} files each, so the exclusive file locks it holds stay few.
 */
record Reaper(MaintenanceConfig config, MaintenanceCounters counters) implements MaintenanceJob {

    private static final Logger LOG = Logger.getLogger(Reaper.class.getName());

    static final int FILES_PER_TRANSACTION = 32;

    /** What one pass did. {@code saturated}: it spent its whole row budget, so more may be due. */
    record Pass(long rows, long files, long pinned, long referenced, boolean saturated) {
    }

    @Override
    public String name() {
        return "reap";
    }

    @Override
    public void run(Connection c, MaintainedNamespace ns, BooleanSupplier stopping) throws SQLException {
        for (int i = 0; i < config.maxPassesPerTick() && !stopping.getAsBoolean(); i++) {
            if (!pass(c, ns.namespace(), ns.originBacked(), stopping).saturated()) {
                return;
            }
        }
    }

    /** One pass over {@code ns}'s due garbage; the counters include it when it returns. */
    Pass pass(Connection c, Namespace ns, boolean originBacked, BooleanSupplier stopping) throws SQLException {
        Batch total = new Batch(config.maxRowsPerPass());
        Candidate after = null;
        while (total.budget > 0 && !stopping.getAsBoolean()) {
            Batch batch = new Batch(total.budget);
            Candidate cursor = after;
            after = Transactions.inTransaction(c, tx -> reapBatch(tx, ns, originBacked, cursor, batch));
            batch.committedTo(counters);
            total.add(batch);
            if (after == null) {
                break;
            }
        }
        counters.reapPasses.incrementAndGet();
        return new Pass(total.rows, total.files, total.pinned, total.referenced, total.budget == 0);
    }

    private static final String CANDIDATES = """
            SELECT file_id, queued_at FROM %s.garbage
             WHERE queued_at <= now() - ? * interval '1 millisecond'
               AND (queued_at, file_id) > (coalesce(?::timestamptz, '-infinity'), ?)
             ORDER BY queued_at, file_id LIMIT ? FOR UPDATE SKIP LOCKED""";

    /** @return the last candidate looked at when more may follow, else null */
    private Candidate reapBatch(Connection c, Namespace ns, boolean originBacked, Candidate after, Batch batch)
            throws SQLException {
        List<Candidate> candidates = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ns.sql(CANDIDATES))) {
            ps.setLong(1, config.reaperGrace().toMillis());
            if (after == null) {
                ps.setNull(2, Types.TIMESTAMP_WITH_TIMEZONE);
            } else {
                ps.setObject(2, after.queuedAt());
            }
            ps.setLong(3, after == null ? 0 : after.fileId());
            ps.setInt(4, FILES_PER_TRANSACTION);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    candidates.add(new Candidate(rs.getLong(1), rs.getObject(2, OffsetDateTime.class)));
                }
            }
        }
        Candidate last = null;
        for (Candidate file : candidates) {
            if (batch.budget == 0) {
                break;
            }
            reapFile(c, ns, originBacked, file.fileId(), batch);
            last = file;
        }
        return candidates.size() == FILES_PER_TRANSACTION || batch.budget == 0 ? last : null;
    }

    private static final String DELETE_ROWS = """
            DELETE FROM %1$s.chunks WHERE file_id = ?
               AND no < (SELECT min(no)::int8 FROM %1$s.chunks WHERE file_id = ?) + ?""";
    private static final String HAS_ROWS = "SELECT EXISTS (SELECT 1 FROM %s.chunks WHERE file_id = ?)";
    private static final String DEQUEUE = "DELETE FROM %s.garbage WHERE file_id = ?";

    private void reapFile(Connection c, Namespace ns, boolean originBacked, long fileId, Batch batch)
            throws SQLException {
        if (!FileLocks.tryLockExclusive(c, ns.id(), fileId)) {
            batch.pinned++;
            return;
        }
        if (FileReferences.isReferenced(c, ns, originBacked, fileId)) {
            batch.referenced++;
            LOG.severe(() -> "BUG: garbage file " + fileId + " of namespace " + ns.name() + " (" + ns.schema()
                    + ") is still referenced; it stays queued and nothing of it is deleted");
            return;
        }
        long deleted = update(c, ns.sql(DELETE_ROWS), fileId, fileId, batch.budget);
        boolean exhausted = deleted < batch.budget || !exists(c, ns.sql(HAS_ROWS), fileId);
        batch.rows += deleted;
        batch.budget -= deleted;
        if (exhausted) {
            update(c, ns.sql(DEQUEUE), fileId);
            batch.files++;
        }
    }

    private static long update(Connection c, String sql, long... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setLong(i + 1, params[i]);
            }
            return ps.executeLargeUpdate();
        }
    }

    private static boolean exists(Connection c, String sql, long fileId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, fileId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private record Candidate(long fileId, OffsetDateTime queuedAt) {
    }

    /** Running totals of a batch (one transaction) or a pass. */
    private static final class Batch {
        long budget;
        long rows;
        long files;
        long pinned;
        long referenced;

        Batch(long budget) {
            this.budget = budget;
        }

        void add(Batch other) {
            budget -= other.rows;
            rows += other.rows;
            files += other.files;
            pinned += other.pinned;
            referenced += other.referenced;
        }

        void committedTo(MaintenanceCounters counters) {
            counters.rowsReaped.addAndGet(rows);
            counters.filesReaped.addAndGet(files);
            counters.pinnedSkips.addAndGet(pinned);
            counters.referencedFiles.addAndGet(referenced);
            counters.errors.addAndGet(referenced);
        }
    }
}
