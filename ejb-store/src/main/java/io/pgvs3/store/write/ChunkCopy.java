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
 * Every call that writes to the database is watched by the {@link CopyWatchdog}, which aborts the
 * connection when one stalls (a frozen database). Closing without {@link #finish} cancels the COPY (the
 * caller then rolls back).
 */
final class ChunkCopy implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ChunkCopy.class.getName());

    private static final String NEXT_FILE_ID = "SELECT nextval('pgvs3.file_ids')";
    private static final String COPY_IN = "COPY %s.chunks (file_id, no, data) FROM STDIN (FORMAT binary)";

    private final CopyIn copy;
    private final WatchedCopy watched;
    private final CopyFramer framer;
    private boolean finished;

    private ChunkCopy(CopyIn copy, WatchedCopy watched, CopyFramer framer) {
        this.copy = copy;
        this.watched = watched;
        this.framer = framer;
    }

    /** A fresh, never reused file id (consumed even if the write later fails). */
    static long allocateFileId(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(NEXT_FILE_ID); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static ChunkCopy open(Connection c, Namespace ns, long fileId, BlockCodec codec, int batch,
                          CopyWatchdog watchdog) throws SQLException {
        CopyIn copy = c.unwrap(PGConnection.class).getCopyAPI().copyIn(ns.sql(COPY_IN));
        // abort on the pool's handle, so that the pool learns the session is gone and never lends it again;
        // the driver closes its socket, which fails the write blocked in it
        WatchedCopy watched = watchdog.watch(copy::writeToCopy, () -> c.abort(Runnable::run));
        return new ChunkCopy(copy, watched, new CopyFramer(fileId, codec, batch, watched));
    }

    void write(byte[] b, int off, int len) throws SQLException {
        framer.write(b, off, len);
    }

    /** Sends the last row and the trailer and ends the COPY; returns the number of rows. */
    long finish() throws SQLException {
        framer.finish();
        long rows = watched.end(copy::endCopy);
        finished = true;
        if (rows != framer.rows()) {
            throw new SQLException("COPY stored " + rows + " rows, " + framer.rows() + " were sent");
        }
        return rows;
    }

    @Override
    public void close() {
        try {
            if (!finished && copy.isActive()) {
                watched.end(() -> {
                    copy.cancelCopy();
                    return 0;
                });
            }
        } catch (SQLException e) {
            // expected: cancelling reports the aborted COPY; the transaction is rolled back anyway
            LOG.log(Level.FINE, "COPY cancelled", e);
        } finally {
            watched.close();
        }
    }
}
