package io.pgvs3.resp.protocol;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The RESP2 encoder: replies appended to one growable buffer, written out with {@link #flushTo}.
 * Error and status texts are single lines: CR and LF in them become spaces, as Redis does. They are
 * Latin-1, one char per byte, so an argument quoted in an error comes back byte for byte.
 */
public final class Reply {

    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] NULL_BULK = "$-1\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL_ARRAY = "*-1\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OK = "+OK\r\n".getBytes(StandardCharsets.US_ASCII);

    private byte[] buf = new byte[16 * 1024];
    private int size;

    public Reply ok() {
        return raw(OK);
    }

    /** {@code +text} */
    public Reply status(String text) {
        return line('+', text);
    }

    /** {@code -message}; the message starts with its code (ERR, WRONGTYPE, NOAUTH, ...). */
    public Reply error(String message) {
        return line('-', message);
    }

    public Reply integer(long value) {
        return line(':', Long.toString(value));
    }

    public Reply bulk(byte[] value) {
        if (value == null) {
            return raw(NULL_BULK);
        }
        ascii('$', Integer.toString(value.length));
        return raw(value).raw(CRLF);
    }

    public Reply bulk(String value) {
        return bulk(value == null ? null : value.getBytes(StandardCharsets.UTF_8));
    }

    public Reply nullBulk() {
        return raw(NULL_BULK);
    }

    /** The header of an array of {@code n} replies that follow. */
    public Reply array(int n) {
        return ascii('*', Integer.toString(n));
    }

    public Reply nullArray() {
        return raw(NULL_ARRAY);
    }

    /** Bytes buffered and not yet flushed. */
    public int size() {
        return size;
    }

    public void flushTo(OutputStream out) throws IOException {
        out.write(buf, 0, size);
        out.flush();
        clear();
    }

    /** The buffered bytes, for writing them out; valid until the next change or {@link #clear}. */
    public ByteBuffer contents() {
        return ByteBuffer.wrap(buf, 0, size);
    }

    /** Forgets the buffered bytes. */
    public void clear() {
        size = 0;
        if (buf.length > 1 << 20) {
            buf = new byte[16 * 1024]; // a large value's reply does not pin its buffer
        }
    }

    /** The buffered bytes (tests). */
    public byte[] toBytes() {
        return Arrays.copyOf(buf, size);
    }

    private Reply line(char type, String text) {
        return ascii(type, text.replace('\r', ' ').replace('\n', ' '));
    }

    private Reply ascii(char type, String text) {
        ensure(1);
        buf[size++] = (byte) type;
        raw(text.getBytes(StandardCharsets.ISO_8859_1));
        return raw(CRLF);
    }

    private Reply raw(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, size, bytes.length);
        size += bytes.length;
        return this;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * buf.length, (long) size + more)));
        }
    }
}
