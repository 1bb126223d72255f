package io.pgvs3.store.read;

import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.FileLocks;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Streams a byte range of one chunked file. The rows are read in pieces of about 1 MiB, one query
 * each, on a chunk-pool connection (bitmap heap scans) inside one read-only REPEATABLE READ
 * transaction, so every piece sees the same snapshot and memory stays bounded by the fetch size.
 * Every expected row must arrive, in order and with its exact length; otherwise the read fails with
 * an IOException before any wrong byte is written. The transaction pins the file against the reaper.
 */
final class ChunkReader {

    private static final Logger LOG = Logger.getLogger(ChunkReader.class.getName());

    /** Enough rows that any 1 MiB span, even starting mid-row, is one query. */
    static final int ROWS_PER_QUERY = (1 << 20) / ChunkFormat.BLOCK + 2;
    static final int FETCH_ROWS = 64;

    private static final String SNAPSHOT = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY";
    private static final String ROWS = """
            SELECT no, data FROM %s.chunks WHERE file_id = ? AND no BETWEEN ? AND ? ORDER BY no""";

    private final DataSource chunk;

    ChunkReader(DataSource chunk) {
        this.chunk = chunk;
    }

    void read(Namespace ns, long fileId, RangePlan plan, OutputStream out) throws IOException, SQLException {
        if (plan.isEmpty()) {
            return;
        }
        try (Connection c = chunk.getConnection()) {
            c.setAutoCommit(false);
            try (BlockCodec codec = BlockCodec.pooled()) {
                try (Statement s = c.createStatement()) {
                    s.execute(SNAPSHOT);
                }
                pin(c, ns, fileId);
                byte[] block = new byte[ChunkFormat.BLOCK];
                try (PreparedStatement ps = c.prepareStatement(ns.sql(ROWS))) {
                    ps.setFetchSize(FETCH_ROWS);
                    for (long k = 0, pieces = plan.pieceCount(ROWS_PER_QUERY); k < pieces; k++) {
                        long from = plan.pieceFirstRow(k, ROWS_PER_QUERY);
                        long to = plan.pieceLastRow(k, ROWS_PER_QUERY);
                        readPiece(ps, fileId, from, to, plan, codec, block, out);
                    }
                }
                c.commit();
            } finally {
                if (!c.getAutoCommit()) {
                    safeRollback(c);
                }
            }
        }
    }

    /**
     * Reads a short span whole, in one autocommit query: a single statement sees one snapshot, so it
     * needs neither a transaction nor a pin, and the connection goes back to the pool before the client
     * is written to. The caller bounds the span (a query of at most ~1 MiB of rows).
     */
    void readWhole(Namespace ns, long fileId, RangePlan plan, OutputStream out) throws IOException, SQLException {
        if (plan.isEmpty()) {
            return;
        }
        try (Connection c = chunk.getConnection(); BlockCodec codec = BlockCodec.pooled()) {
            if (!c.getAutoCommit()) {
                c.setAutoCommit(true);
            }
            try (PreparedStatement ps = c.prepareStatement(ns.sql(ROWS))) {
                readPiece(ps, fileId, plan.firstRow(), plan.lastRow(), plan, codec, new byte[ChunkFormat.BLOCK], out);
            }
        }
    }

    /**
     * Read pin: the reaper skips a file while this transaction holds its shared lock. The pin query is
     * the transaction's first, so it also takes the snapshot; a pin that loses to a reaper deleting the
     * file right now still reads every row that reaper has not committed deleting.
     */
    private static void pin(Connection c, Namespace ns, long fileId) throws SQLException {
        if (!FileLocks.tryPinShared(c, ns.id(), fileId)) {
            LOG.fine(() -> "file " + fileId + " of " + ns.schema() + " is being reaped; reading from the snapshot");
        }
    }

    private static void readPiece(PreparedStatement ps, long fileId, long from, long to, RangePlan plan,
                                  BlockCodec codec, byte[] block, OutputStream out) throws SQLException, IOException {
        ps.setLong(1, fileId);
        ps.setInt(2, Math.toIntExact(from));
        ps.setInt(3, Math.toIntExact(to));
        long expected = from;
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                int no = rs.getInt(1);
                if (no != expected) {
                    throw missing(fileId, expected, "row " + no + " arrived instead");
                }
                byte[] stored = rs.getBytes(2);
                int logical = plan.rowLength(no);
                int start = plan.sliceStart(no);
                int end = plan.sliceEnd(no);
                if (stored.length == logical) {
                    out.write(stored, start, end - start);
                } else {
                    codec.decode(stored, stored.length, logical, block);
                    out.write(block, start, end - start);
                }
                expected++;
            }
        }
        if (expected != to + 1) {
            throw missing(fileId, expected, "the file ends early");
        }
    }

    private static IOException missing(long fileId, long row, String detail) {
        return new IOException("chunked file " + fileId + " lacks row " + row + " (" + detail
                + "); it may have been reaped or the object changed");
    }

    private static void safeRollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // read-only work; nothing to undo
        }
    }
}
