package io.pgvs3.store.write;

import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * One binary {@code COPY chunks FROM STDIN} for one file, inside the caller's transaction. Uses the
 * {@link PGConnection} interface only: inside Liberty, unwrap returns a proxy, not the driver class.
 * Closing without {@link #finish} cancels the COPY (the caller then rolls back).
 */
final class ChunkCopy implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ChunkCopy.class.getName());

    private static final String NEXT_FILE_ID = "SELECT nextval('pgvs3.file_ids')";
    private static final String COPY_IN = "COPY %s.chunks (file_id, no, data) FROM STDIN (FORMAT binary)";

    private final CopyIn copy;
    private final CopyFramer framer;
    private boolean finished;

    private ChunkCopy(CopyIn copy, CopyFramer framer) {
        this.copy = copy;
        this.framer = framer;
    }

    /** A fresh, never reused file id (consumed even if the write later fails). */
    static long allocateFileId(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(NEXT_FILE_ID); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static ChunkCopy open(Connection c, Namespace ns, long fileId, BlockCodec codec, int batch) throws SQLException {
        CopyIn copy = c.unwrap(PGConnection.class).getCopyAPI().copyIn(ns.sql(COPY_IN));
        return new ChunkCopy(copy, new CopyFramer(fileId, codec, batch, copy::writeToCopy));
    }

    void write(byte[] b, int off, int len) throws SQLException {
        framer.write(b, off, len);
    }

    /** Sends the last row and the trailer and ends the COPY; returns the number of rows. */
    long finish() throws SQLException {
        framer.finish();
        long rows = copy.endCopy();
        finished = true;
        if (rows != framer.rows()) {
            throw new SQLException("COPY stored " + rows + " rows, " + framer.rows() + " were sent");
        }
        return rows;
    }

    @Override
    public void close() {
        if (!finished && copy.isActive()) {
            try {
                copy.cancelCopy();
            } catch (SQLException e) {
                // expected: cancelling reports the aborted COPY; the transaction is rolled back anyway
                LOG.log(Level.FINE, "COPY cancelled", e);
            }
        }
    }
}
