package io.pgvs3.store.maintenance;

import io.pgvs3.store.sql.Transactions;

import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.write.FileRefs;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Removes multipart uploads started longer than {@code pgvs3.uploads.expire-after} ago, oldest first,
 * whole uploads at a time. Their part files are queued as garbage in the same transaction, except a file
 * that something else still references (a part copied from an object shares that object's file).
 * Uploads that a concurrent UploadPart, Complete or Abort holds are skipped until a later tick.
 */
record UploadExpiry(MaintenanceConfig config, MaintenanceCounters counters) implements MaintenanceJob {

    static final int UPLOADS_PER_TRANSACTION = 64;
    static final int TRANSACTIONS_PER_TICK = 16;

    @Override
    public String name() {
        return "expire-uploads";
    }

    @Override
    public void run(Connection c, MaintainedNamespace ns, BooleanSupplier stopping) throws SQLException {
        for (int i = 0; i < TRANSACTIONS_PER_TICK && !stopping.getAsBoolean(); i++) {
            int expired = Transactions.inTransaction(c, tx -> expireBatch(tx, ns.namespace()));
            counters.uploadsExpired.addAndGet(expired);
            if (expired < UPLOADS_PER_TRANSACTION) {
                return;
            }
        }
    }

    private static final String EXPIRED = """
            SELECT upload_id FROM %s.uploads WHERE created_at <= now() - ? * interval '1 millisecond'
             ORDER BY created_at, upload_id LIMIT ? FOR UPDATE SKIP LOCKED""";
    private static final String PART_FILES = "SELECT file_id FROM %s.upload_parts WHERE upload_id = ANY (?)";
    private static final String DELETE_UPLOADS = "DELETE FROM %s.uploads WHERE upload_id = ANY (?)";

    private int expireBatch(Connection c, Namespace ns) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ns.sql(EXPIRED))) {
            ps.setLong(1, config.uploadsExpireAfter().toMillis());
            ps.setInt(2, UPLOADS_PER_TRANSACTION);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        if (ids.isEmpty()) {
            return 0;
        }
        Array idArray = c.createArrayOf("text", ids.toArray());
        List<Long> partFiles = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(ns.sql(PART_FILES))) {
            ps.setArray(1, idArray);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    partFiles.add(rs.getLong(1));
                }
            }
        }
        int expired;
        try (PreparedStatement ps = c.prepareStatement(ns.sql(DELETE_UPLOADS))) {
            ps.setArray(1, idArray);
            expired = ps.executeUpdate(); // the parts go with their uploads (cascade)
        }
        FileRefs.release(c, ns, partFiles);
        return expired;
    }
}
