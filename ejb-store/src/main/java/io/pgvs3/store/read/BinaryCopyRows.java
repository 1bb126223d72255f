package io.pgvs3.store.read;

import java.io.IOException;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyOut;

/**
 * The rows of {@code COPY (SELECT no, data ...) TO STDOUT (FORMAT binary)}, read from the protocol's
 * CopyData messages without copying them: an 11-byte signature, flags and a header extension, then per
 * row a field count (2), each field as length and bytes, and a trailer of field count -1. PostgreSQL
 * sends one row per message (the header rides with the first); a field split across messages is
 * joined in a scratch buffer, so any division of the stream reads correctly. Closing before the end
 * cancels the COPY.
 */
final class BinaryCopyRows implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(BinaryCopyRows.class.getName());
    private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0};

    private final CopyOut copy;
    private byte[] message = new byte[0];
    private int at;
    private byte[] scratch;
    private int no;
    private byte[] data;
    private int dataOffset;
    private int dataLength;

    private BinaryCopyRows(CopyOut copy) {
        this.copy = copy;
    }

    static BinaryCopyRows open(PGConnection connection, String sql) throws SQLException, IOException {
        return open(connection.getCopyAPI().copyOut(sql));
    }

    /** Reads the header of a started COPY out. */
    static BinaryCopyRows open(CopyOut copy) throws SQLException, IOException {
        BinaryCopyRows rows = new BinaryCopyRows(copy);
        try {
            if (!Arrays.equals(rows.bytes(SIGNATURE.length), 0, SIGNATURE.length, SIGNATURE, 0, SIGNATURE.length)) {
                throw new IOException("not a binary COPY stream");
            }
            rows.int32(); // flags: nothing this reader needs
            rows.bytes(rows.int32()); // header extension
            return rows;
        } catch (IOException | SQLException | RuntimeException e) {
            rows.close();
            throw e;
        }
    }

    /** Moves to the next row; false at the trailer. */
    boolean next() throws IOException, SQLException {
        int fields = int16();
        if (fields == -1) {
            if (at < message.length || copy.readFromCopy() != null) {
                throw new IOException("data after the COPY trailer");
            }
            return false;
        }
        if (fields != 2 || int32() != 4) {
            throw new IOException("unexpected COPY row of " + fields + " fields");
        }
        no = int32();
        dataLength = int32();
        if (dataLength < 0) {
            throw new IOException("COPY row " + no + " has a null data field");
        }
        data = bytes(dataLength);
        dataOffset = at - dataLength;
        if (data == scratch) {
            dataOffset = 0;
        }
        return true;
    }

    int no() {
        return no;
    }

    /** The row's data: {@link #dataLength()} bytes of this array from {@link #dataOffset()}. */
    byte[] data() {
        return data;
    }

    int dataOffset() {
        return dataOffset;
    }

    int dataLength() {
        return dataLength;
    }

    private int int16() throws IOException, SQLException {
        byte[] b = bytes(2);
        int o = b == scratch ? 0 : at - 2;
        return (short) ((b[o] & 0xff) << 8 | (b[o + 1] & 0xff));
    }

    private int int32() throws IOException, SQLException {
        byte[] b = bytes(4);
        int o = b == scratch ? 0 : at - 4;
        return (b[o] & 0xff) << 24 | (b[o + 1] & 0xff) << 16 | (b[o + 2] & 0xff) << 8 | (b[o + 3] & 0xff);
    }

    /**
     * The next {@code n} bytes: the current message when it holds them (they end at {@link #at}), else
     * joined in the scratch buffer (they start at 0).
     */
    private byte[] bytes(int n) throws IOException, SQLException {
        if (at == message.length) {
            nextMessage();
        }
        if (message.length - at >= n) {
            at += n;
            return message;
        }
        scratch = scratch != null && scratch.length >= n ? scratch : new byte[Math.max(n, 8192)];
        int filled = 0;
        while (filled < n) {
            if (at == message.length) {
                nextMessage();
            }
            int take = Math.min(n - filled, message.length - at);
            System.arraycopy(message, at, scratch, filled, take);
            at += take;
            filled += take;
        }
        return scratch;
    }

    private void nextMessage() throws IOException, SQLException {
        byte[] next = copy.readFromCopy();
        if (next == null) {
            throw new IOException("the COPY stream ended without its trailer");
        }
        message = next;
        at = 0;
    }

    @Override
    public void close() {
        if (copy.isActive()) {
            try {
                copy.cancelCopy();
            } catch (SQLException e) {
                // expected: cancelling reports the aborted COPY
                LOG.log(Level.FINE, "COPY cancelled", e);
            }
        }
    }
}
