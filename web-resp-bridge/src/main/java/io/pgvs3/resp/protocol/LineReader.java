package io.pgvs3.resp.protocol;

import java.util.Arrays;

/**
 * Collects one line across reads, up to a cap. Length lines ({@code *n}, {@code $n}) end at "\r" plus
 * one more byte, which Redis skips unseen; inline lines end at "\n", with an optional "\r" before it
 * that is not part of the line.
 */
final class LineReader {

    private final int max;
    private byte[] bytes = new byte[64];
    private int length;
    private boolean inline;
    private boolean sawCr;
    private boolean complete;
    private boolean overflow;

    LineReader(int max) {
        this.max = max;
    }

    void reset(boolean inlineLine) {
        inline = inlineLine;
        length = 0;
        sawCr = false;
        complete = false;
        overflow = false;
    }

    /** Consumes bytes of {@code buf[pos, end)} up to the end of the line; returns the next position. */
    int read(byte[] buf, int pos, int end) {
        while (pos < end) {
            byte b = buf[pos++];
            if (inline ? b == '\n' : sawCr) {
                if (inline && length > 0 && bytes[length - 1] == '\r') {
                    length--;
                }
                complete = true;
                return pos;
            }
            if (!inline && b == '\r') {
                sawCr = true;
                continue;
            }
            if (length == max) {
                overflow = true;
                return end;
            }
            if (length == bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.min(max, 2 * length));
            }
            bytes[length++] = b;
        }
        return pos;
    }

    boolean complete() {
        return complete;
    }

    boolean overflow() {
        return overflow;
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }
}
