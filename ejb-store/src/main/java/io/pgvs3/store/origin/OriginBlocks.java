package io.pgvs3.store.origin;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The statements of a bucket's {@code origin_blocks} (ADR 52): aligned blocks of cold ranges of large
 * objects, each one version's bytes (the origin's validator) in a chunked file of its own. A block serves
 * only while no write or delete of its key drew a generation newer than the one its fetch drew first, so a
 * fetch that began before a write or a delete is never served after it, whenever it was stored.
 */
public final class OriginBlocks {

    /** A block held here: its bytes are file {@code fileId}, {@code length} long. */
    record Block(int no, long fileId, long length) {
    }

    private static final String FIND = """
            SELECT b.block_no, b.file_id, b.length FROM %1$s.origin_blocks b
             WHERE b.key = ? AND b.validator = ? AND b.block_size = ? AND b.block_no BETWEEN ? AND ?
               AND NOT EXISTS (SELECT 1 FROM %1$s.origin_keys k WHERE k.key = b.key AND k.generation > b.generation)""";

    /**
     * Before a block is stored: the same block fetched before a write or delete of its key (which can never
     * serve again, and would hold its place until maintenance reaps it) is removed, its file queued.
     */
    private static final String SUPERSEDED = """
            WITH gone AS (
                DELETE FROM %1$s.origin_blocks b
                 WHERE b.key = ? AND b.validator = ? AND b.block_size = ? AND b.block_no = ?
                   AND EXISTS (SELECT 1 FROM %1$s.origin_keys k WHERE k.key = b.key AND k.generation > b.generation)
                RETURNING b.file_id)
            INSERT INTO %1$s.garbage (file_id) SELECT file_id FROM gone ON CONFLICT DO NOTHING""";

    /** Stores a block unless a write or delete came after its fetch began, or another fetch stored it first. */
    private static final String PUBLISH = """
            INSERT INTO %1$s.origin_blocks (key, validator, block_size, block_no, generation, file_id, length)
            SELECT ?, ?, ?, ?, ?, ?, ?
             WHERE NOT EXISTS (SELECT 1 FROM %1$s.origin_keys k WHERE k.key = ? AND k.generation > ?)
            ON CONFLICT DO NOTHING
            RETURNING 1""";

    /**
     * Blocks that can never serve again, their files queued as garbage in the same statement: blocks of
     * another block size than the bucket's (or of a bucket whose range cache is off), of a key held here
     * whole, of a key written or deleted after their fetch, and of a version other than the one its
     * {@code origin_metadata} names (the origin's version changed, or the key was filled, written or
     * deleted, which forgets it).
     */
    private static final String REAP = """
            WITH stale AS (
                SELECT b.key, b.validator, b.block_size, b.block_no FROM %1$s.origin_blocks b
                 WHERE b.block_size::text IS DISTINCT FROM
                           (SELECT n.origin->>'rangeCache' FROM pgvs3.namespaces n WHERE n.id = ?)
                    OR EXISTS (SELECT 1 FROM %1$s.objects o WHERE o.key = b.key)
                    OR EXISTS (SELECT 1 FROM %1$s.origin_keys k WHERE k.key = b.key AND k.generation > b.generation)
                    OR NOT EXISTS (SELECT 1 FROM %1$s.origin_metadata m
                                    WHERE m.key = b.key AND m.validator = b.validator)
                 LIMIT ?),
            gone AS (
                DELETE FROM %1$s.origin_blocks b USING stale s
                 WHERE (b.key, b.validator, b.block_size, b.block_no) = (s.key, s.validator, s.block_size, s.block_no)
                RETURNING b.file_id)
            INSERT INTO %1$s.garbage (file_id) SELECT file_id FROM gone ON CONFLICT DO NOTHING""";

    /** Blocks removed per call, so that one call stays a short transaction. */
    private static final int REAP_BATCH = 10_000;

    private OriginBlocks() {
    }

    /** The blocks {@code first..last} of {@code validator} of {@code key} that may serve, by number. */
    static Map<Integer, Block> find(Connection c, Namespace ns, String key, String validator, long blockSize,
            int first, int last) throws SQLException {
        Map<Integer, Block> found = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(ns.sql(FIND))) {
            ps.setString(1, key);
            ps.setString(2, validator);
            ps.setLong(3, blockSize);
            ps.setInt(4, first);
            ps.setInt(5, last);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.put(rs.getInt(1), new Block(rs.getInt(1), rs.getLong(2), rs.getLong(3)));
                }
            }
        }
        return found;
    }

    /**
     * @param generation drawn before the block's origin GET
     * @return false: not stored (a newer write or delete, or the same block stored by another fetch); the
     *         caller rolls its file back. The same block fetched before a write or delete gives way.
     */
    static boolean publish(Connection c, Namespace ns, String key, String validator, long blockSize, Block block,
            long generation) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(SUPERSEDED))) {
            ps.setString(1, key);
            ps.setString(2, validator);
            ps.setLong(3, blockSize);
            ps.setInt(4, block.no());
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement(ns.sql(PUBLISH))) {
            ps.setString(1, key);
            ps.setString(2, validator);
            ps.setLong(3, blockSize);
            ps.setInt(4, block.no());
            ps.setLong(5, generation);
            ps.setLong(6, block.fileId());
            ps.setLong(7, block.length());
            ps.setString(8, key);
            ps.setLong(9, generation);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Maintenance: removes a batch of blocks that can never serve again. @return how many */
    public static int reap(Connection c, Namespace ns) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(REAP))) {
            ps.setLong(1, ns.id());
            ps.setInt(2, REAP_BATCH);
            return ps.executeUpdate();
        }
    }
}
