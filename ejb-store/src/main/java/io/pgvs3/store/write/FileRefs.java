package io.pgvs3.store.write;

import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.Locks;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Files become garbage when their last reference goes, in that same transaction (ADR 3). One immutable
 * file may be referenced by several rows of its namespace: same-bucket copies share the source's files,
 * and a multipart object lists the files its parts were uploaded into. So whoever drops references
 * hands the files here; they are queued only if no object ({@code file_id} or {@code parts}) and no
 * upload part still references them.
 */
public final class FileRefs {

    /*
     * Queued at the statement's clock, not at now(): now() is when the transaction began, and a PUT's
     * transaction begins with its body, so a replaced file's grace (which covers a read between its
     * metadata and its pin) would have passed already when a slow upload of ten minutes commits.
     */
    private static final String QUEUE_UNREFERENCED = """
            INSERT INTO %1$s.garbage (file_id, queued_at)
            SELECT f, clock_timestamp() FROM (SELECT DISTINCT f FROM unnest(?::int8[]) AS f) AS files
             WHERE NOT EXISTS (SELECT 1 FROM %1$s.objects o WHERE o.file_id = f)
               AND NOT EXISTS (SELECT 1 FROM %1$s.objects o WHERE o.parts IS NOT NULL AND o.parts @> ARRAY[f])
               AND NOT EXISTS (SELECT 1 FROM %1$s.upload_parts p WHERE p.file_id = f)
            ON CONFLICT DO NOTHING""";

    private FileRefs() {
    }

    /**
     * Queues those of {@code fileIds} that nothing references any more. Call it once per transaction,
     * after all its key locks and after the statements that dropped the references: the reference
     * locks make two transactions that drop the last two references to one file decide one after the
     * other, so the file is queued exactly once and never while referenced.
     *
     * @return how many files were queued
     */
    public static int release(Connection c, Namespace ns, Collection<Long> fileIds) throws SQLException {
        if (fileIds.isEmpty()) {
            return 0;
        }
        Long[] ids = fileIds.toArray(Long[]::new);
        Locks.lockFileRefs(c, ids);
        try (PreparedStatement ps = c.prepareStatement(ns.sql(QUEUE_UNREFERENCED))) {
            ps.setObject(1, ids);
            return ps.executeUpdate();
        }
    }

    /** The files an object row references: its {@code file_id} column and its {@code parts} array. */
    public static List<Long> of(ResultSet rs, int fileColumn, int partsColumn) throws SQLException {
        List<Long> files = new ArrayList<>();
        long file = rs.getLong(fileColumn);
        if (!rs.wasNull()) {
            files.add(file);
        }
        Array parts = rs.getArray(partsColumn);
        if (parts != null) {
            for (Long part : (Long[]) parts.getArray()) {
                files.add(part);
            }
        }
        return files;
    }
}
