package io.pgvs3.bench.sol;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyOut;

/**
 * The ways to read a span of rows that issue 8 chooses between. Each reads rows {@code [from, to]} of
 * one file in one autocommit statement (no fetch size) and places every row at its own offset in the
 * caller's buffer, by {@code no}, so none depends on the order rows arrive in.
 */
enum ReadVariant {
    /** Row-range SELECT without ORDER BY: the bitmap heap scan's order, re-placed by no. */
    SELECT("SELECT no, data FROM pgvs3_bench.sol_chunks WHERE file_id = ? AND no BETWEEN ? AND ?"),
    /** The same with ORDER BY no, as the gateway's reader asks today (a sort above the bitmap scan). */
    SELECT_ORDERED("SELECT no, data FROM pgvs3_bench.sol_chunks WHERE file_id = ? AND no BETWEEN ? AND ? ORDER BY no"),
    /** COPY (SELECT no, data ...) TO STDOUT (FORMAT binary) through PgJDBC's CopyManager. */
    COPY_BINARY("COPY (SELECT no, data FROM pgvs3_bench.sol_chunks WHERE file_id = %d AND no BETWEEN %d AND %d)"
            + " TO STDOUT (FORMAT binary)");

    private static final int COPY_HEADER = 11 + 4 + 4;

    private final String sql;

    ReadVariant(String sql) {
        this.sql = sql;
    }

    /** What one connection keeps between spans: its prepared statement, for the SELECTs. */
    Reader open(Connection c) throws SQLException {
        if (this == COPY_BINARY) {
            PGConnection pg = c.unwrap(PGConnection.class);
            return (fileId, from, to, buffer) -> copy(pg, fileId, from, to, buffer);
        }
        PreparedStatement ps = c.prepareStatement(sql);
        return (fileId, from, to, buffer) -> select(ps, fileId, from, to, buffer);
    }

    @FunctionalInterface
    interface Reader {
        /** Reads rows [from, to] of file {@code fileId} into {@code buffer}; returns the rows read. */
        int read(long fileId, int from, int to, byte[] buffer) throws SQLException, IOException;
    }

    private static int select(PreparedStatement ps, long fileId, int from, int to, byte[] buffer) throws SQLException {
        ps.setLong(1, fileId);
        ps.setInt(2, from);
        ps.setInt(3, to);
        int rows = 0;
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                byte[] data = rs.getBytes(2);
                System.arraycopy(data, 0, buffer, (rs.getInt(1) - from) * ChunkTable.BLOCK, data.length);
                rows++;
            }
        }
        return rows;
    }

    private int copy(PGConnection pg, long fileId, int from, int to, byte[] buffer) throws SQLException, IOException {
        CopyOut copy = pg.getCopyAPI().copyOut(String.format(Locale.ROOT, sql, fileId, from, to));
        try (DataInputStream in = new DataInputStream(new CopyOutStream(copy))) {
            in.skipNBytes(COPY_HEADER);
            int rows = 0;
            for (short fields = in.readShort(); fields != -1; fields = in.readShort()) {
                if (fields != 2 || in.readInt() != 4) {
                    throw new IOException("unexpected COPY tuple shape");
                }
                int no = in.readInt();
                int length = in.readInt();
                in.readFully(buffer, (no - from) * ChunkTable.BLOCK, length);
                rows++;
            }
            in.transferTo(OutputStream.nullOutputStream()); // to the COPY's end, which frees the connection
            return rows;
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        }
    }

    /** A COPY's data messages as one byte stream; ends where the COPY ends. */
    private static final class CopyOutStream extends InputStream {
        private final CopyOut copy;
        private byte[] message;
        private int at;
        private boolean ended;

        CopyOutStream(CopyOut copy) {
            this.copy = copy;
        }

        @Override
        public int read() throws IOException {
            return available() > 0 || next() ? message[at++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (available() == 0 && !next()) {
                return -1;
            }
            int n = Math.min(len, message.length - at);
            System.arraycopy(message, at, b, off, n);
            at += n;
            return n;
        }

        @Override
        public int available() {
            return message == null ? 0 : message.length - at;
        }

        /** Fetches the next non-empty data message; false at the COPY's end. */
        private boolean next() throws IOException {
            if (ended) {
                return false;
            }
            do {
                try {
                    message = copy.readFromCopy();
                } catch (SQLException e) {
                    throw new IOException(e);
                }
                at = 0;
            } while (message != null && message.length == 0);
            ended = message == null;
            return !ended;
        }
    }
}
