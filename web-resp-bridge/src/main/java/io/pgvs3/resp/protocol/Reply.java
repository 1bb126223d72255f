package io.pgvs3.resp.protocol;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The RESP2 encoder: replies appended to one growable buffer, written out with {@link #flushTo}.
 * Error and status texts are single lines: CR and LF in them become spaces, as Redis does. They are
 * Latin-1, one char per byte, so an argument quoted in an error comes back byte for byte.
 * A long pipeline's replies need not be held whole: with a {@link Spill} set, {@link #spillIfLarge} hands
 * what is buffered to it between replies once it passes {@link #SPILL_BYTES}, and a bulk value larger than
 * that goes to it directly, uncopied.
 */
public final class Reply {

    /** Buffered bytes past which {@link #spillIfLarge} writes them out. */
    public static final int SPILL_BYTES = 1 << 20;

    /** Where buffered replies go before the batch ends: the client's socket, waiting while it is full. */
    @FunctionalInterface
    public interface Spill {
        /** Writes all of {@code contents}; an IOException means the client is gone or stopped reading. */
        void write(ByteBuffer contents) throws IOException;
    }

    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] NULL_BULK = "$-1\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL_ARRAY = "*-1\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OK = "+OK\r\n".getBytes(StandardCharsets.US_ASCII);

    private byte[] buf = new byte[16 * 1024];
    private int size;
    private Spill spill;

    /** Sets (or, with null, removes) where {@link #spillIfLarge} writes. */
    public void spillTo(Spill target) {
        spill = target;
    }

    /**
     * Between two replies: writes out and forgets what is buffered once it passes {@link #SPILL_BYTES} and a
     * spill is set, so a pipeline's replies cost a bounded buffer however many and large they are.
     *
     * @throws UncheckedIOException when the client is gone or stopped reading
     */
    public void spillIfLarge() {
        if (spill == null || size <= SPILL_BYTES) {
            return;
        }
        spill(contents());
        clear();
    }

    private void spill(ByteBuffer bytes) {
        try {
            spill.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

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
        if (spill != null && value.length > SPILL_BYTES) {
            // a large value goes to the socket as it is, never copied into the buffer
            spill(contents());
            clear();
            spill(ByteBuffer.wrap(value));
            return raw(CRLF);
        }
        return raw(value).raw(CRLF);
    }

    /** What writes a bulk reply's bytes straight into the reply's buffer. */
    @FunctionalInterface
    public interface BulkSource {
        /** Writes the bytes into {@code dst} from {@code offset} on; on failure nothing of this reply counts. */
        void copyTo(byte[] dst, int offset);
    }

    /**
     * A bulk reply of {@code length} bytes (at most {@link #SPILL_BYTES}; a larger value goes through
     * {@link #bulk(byte[])}) that {@code source} writes into this buffer, without a copy of its own. If the
     * source fails, nothing of this reply is buffered.
     */
    public Reply bulk(int length, BulkSource source) {
        int header = 1 + decimalDigits(length) + CRLF.length;
        ensure(header + length + CRLF.length);
        source.copyTo(buf, size + header);
        buf[size] = '$';
        for (int i = size + header - CRLF.length - 1, n = length; i > size; i--, n /= 10) {
            buf[i] = (byte) ('0' + n % 10);
        }
        System.arraycopy(CRLF, 0, buf, size + header - CRLF.length, CRLF.length);
        size += header + length;
        return raw(CRLF);
    }

    private static int decimalDigits(int n) {
        int digits = 1;
        while (n >= 10) {
            n /= 10;
            digits++;
        }
        return digits;
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
