package io.pgvs3.store.sql;

import java.io.IOException;
import java.io.InputStream;

/**
 * A database socket's input, read {@link #SIZE} bytes at a time. PgJDBC reads its socket through a buffer of
 * 8 KiB, so a result of many rows (a batch of RESP values, a piece of a large object) cost one {@code recv}
 * per 8 KiB, and the JDK's socket one thread-local lookup of its temporary direct buffer for each: a tenth of
 * the RESP bridge's CPU for GET at pipeline 16 (JFR). Here one read takes whatever the kernel holds, up to
 * {@link #SIZE}, and PgJDBC's reads are answered from it; a read at least as long as the buffer goes straight
 * to the socket (no copy). Unlike {@code BufferedInputStream} it never asks the socket how much is
 * available (a syscall) to fill a read completely: it returns what it holds, as a socket read does.
 * One thread reads at a time (PgJDBC's connection lock); a timeout or failure of the socket read leaves the
 * buffer as it was.
 */
final class ReadAheadInput extends InputStream {

    static final int SIZE = 64 << 10;

    private final InputStream socket;
    private final byte[] buffer;
    private int position;
    private int end;

    ReadAheadInput(InputStream socket, int size) {
        this.socket = socket;
        this.buffer = new byte[size];
    }

    @Override
    public int read() throws IOException {
        if (position == end && !fill()) {
            return -1;
        }
        return buffer[position++] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (position == end) {
            if (length >= buffer.length) {
                return socket.read(into, offset, length);
            }
            if (!fill()) {
                return -1;
            }
        }
        int n = Math.min(length, end - position);
        System.arraycopy(buffer, position, into, offset, n);
        position += n;
        return n;
    }

    /** Reads what the socket holds into the empty buffer; false at the end of the stream. */
    private boolean fill() throws IOException {
        int n = socket.read(buffer, 0, buffer.length);
        if (n <= 0) {
            return false;
        }
        position = 0;
        end = n;
        return true;
    }

    @Override
    public long skip(long n) throws IOException {
        if (n <= 0) {
            return 0;
        }
        if (position == end) {
            return socket.skip(n);
        }
        int skipped = (int) Math.min(n, end - position);
        position += skipped;
        return skipped;
    }

    /** The bytes held, or, when none, what the socket says it has. */
    @Override
    public int available() throws IOException {
        return position < end ? end - position : socket.available();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
