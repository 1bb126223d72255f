package io.pgvs3.resp.protocol;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Incremental RESP2 request decoder, an explicit state machine in the manner of Redis' own
 * {@code processMultibulkBuffer}/{@code processInlineBuffer} (and Netty's RedisDecoder): bytes are fed
 * as they arrive, complete commands come out, and every buffer it holds is bounded by
 * {@link DecoderLimits}. A bulk's buffer grows with the bytes that actually arrived, so a declared
 * length alone never allocates much. After a protocol error it decodes nothing more; the caller answers
 * {@link #error()} and closes. Not thread-safe: one per connection.
 */
public final class RespDecoder {

    /** A bulk buffer starts at most this large and doubles as bytes arrive. */
    static final int INITIAL_BULK = 1 << 20;

    private enum State { START, ARRAY_LENGTH, BULK_LENGTH, BULK_DATA, BULK_END, INLINE }

    private final DecoderLimits limits;
    private final LineReader line;
    private State state = State.START;
    private List<byte[]> args;
    private int argsLeft;
    private long requestBytes;
    private byte[] bulk;
    private int bulkLength;
    private int bulkFill;
    private int endLeft;
    private String error;

    public RespDecoder(DecoderLimits limits) {
        this.limits = limits;
        this.line = new LineReader(limits.maxInline());
    }

    /** The protocol error that ended decoding (Redis' reply text without the leading '-'), or null. */
    public String error() {
        return error;
    }

    /**
     * Decodes {@code buf[off, off+len)}; appends each complete command (its arguments) to {@code out}.
     *
     * @return false once a protocol error occurred (the commands decoded before it are in {@code out})
     */
    public boolean feed(byte[] buf, int off, int len, List<byte[][]> out) {
        int pos = off;
        int end = off + len;
        while (error == null && pos < end) {
            switch (state) {
                case START -> {
                    state = buf[pos] == '*' ? State.ARRAY_LENGTH : State.INLINE;
                    line.reset(state == State.INLINE);
                }
                case ARRAY_LENGTH -> pos = arrayLength(buf, pos, end, out);
                case BULK_LENGTH -> pos = bulkLength(buf, pos, end);
                case BULK_DATA -> pos = bulkData(buf, pos, end);
                case BULK_END -> pos = bulkEnd(buf, pos, end, out);
                case INLINE -> pos = inline(buf, pos, end, out);
                default -> throw new IllegalStateException(state.name());
            }
        }
        return error == null;
    }

    private int arrayLength(byte[] buf, int pos, int end, List<byte[][]> out) {
        int next = line.read(buf, pos, end);
        if (line.overflow()) {
            return fail(ProtocolError.TOO_BIG_MBULK);
        }
        if (!line.complete()) {
            return next;
        }
        long n = Numbers.parseLong(line.bytes(), 1, line.length());
        if (n == Numbers.INVALID || n > limits.maxArgs()) {
            return fail(ProtocolError.INVALID_MULTIBULK);
        }
        if (n <= 0) {
            state = State.START; // an empty command: nothing to run
            return next;
        }
        args = new ArrayList<>((int) Math.min(n, 1024));
        argsLeft = (int) n;
        requestBytes = 0;
        startBulkLength();
        return next;
    }

    private void startBulkLength() {
        state = State.BULK_LENGTH;
        line.reset(false);
    }

    private int bulkLength(byte[] buf, int pos, int end) {
        int next = line.read(buf, pos, end);
        if (line.overflow()) {
            return fail(ProtocolError.TOO_BIG_BULK_COUNT);
        }
        if (!line.complete()) {
            return next;
        }
        byte first = line.length() == 0 ? (byte) '\r' : line.bytes()[0];
        if (first != '$') {
            return fail(ProtocolError.expectedDollar(first));
        }
        long n = Numbers.parseLong(line.bytes(), 1, line.length());
        if (n == Numbers.INVALID || n < 0 || n > limits.maxBulk()) {
            return fail(ProtocolError.INVALID_BULK);
        }
        requestBytes += n;
        if (requestBytes > limits.maxRequest()) {
            return fail(ProtocolError.QUERY_TOO_BIG);
        }
        bulkLength = (int) n;
        bulk = new byte[Math.min(bulkLength, INITIAL_BULK)];
        bulkFill = 0;
        state = State.BULK_DATA;
        return next;
    }

    private int bulkData(byte[] buf, int pos, int end) {
        int take = Math.min(end - pos, bulkLength - bulkFill);
        if (bulkFill + take > bulk.length) {
            bulk = Arrays.copyOf(bulk, (int) Math.min(bulkLength, Math.max(2L * bulk.length, bulkFill + take)));
        }
        System.arraycopy(buf, pos, bulk, bulkFill, take);
        bulkFill += take;
        if (bulkFill == bulkLength) {
            state = State.BULK_END;
            endLeft = 2; // Redis skips the two bytes after a bulk without looking at them
        }
        return pos + take;
    }

    private int bulkEnd(byte[] buf, int pos, int end, List<byte[][]> out) {
        int take = Math.min(endLeft, end - pos);
        endLeft -= take;
        if (endLeft == 0) {
            args.add(bulk);
            bulk = null;
            if (--argsLeft == 0) {
                out.add(args.toArray(new byte[0][]));
                args = null;
                state = State.START;
            } else {
                startBulkLength();
            }
        }
        return pos + take;
    }

    private int inline(byte[] buf, int pos, int end, List<byte[][]> out) {
        int next = line.read(buf, pos, end);
        if (line.overflow()) {
            return fail(ProtocolError.TOO_BIG_INLINE);
        }
        if (!line.complete()) {
            return next;
        }
        List<byte[]> words = InlineSplitter.split(line.bytes(), line.length());
        if (words == null) {
            return fail(ProtocolError.UNBALANCED_QUOTES);
        }
        if (!words.isEmpty()) {
            out.add(words.toArray(new byte[0][]));
        }
        state = State.START;
        return next;
    }

    private int fail(String message) {
        error = message;
        args = null;
        bulk = null;
        return Integer.MAX_VALUE;
    }
}
