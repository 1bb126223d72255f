package io.pgvs3.resp.protocol;

/**
 * Redis' {@code string2ll}: an optional '-', then digits without leading zeros ("0" alone is fine), no
 * spaces, no '+', within a signed 64-bit integer. Everything else is {@link #INVALID}, which Redis
 * reports as "value is not an integer or out of range".
 */
public final class Numbers {

    /** Returned for text that is not such an integer; Long.MIN_VALUE itself is parsed by {@link #parse}. */
    public static final long INVALID = Long.MIN_VALUE;

    private Numbers() {
    }

    /** Parses {@code b[from, to)}; {@link #INVALID} also for Long.MIN_VALUE (lengths never are). */
    static long parseLong(byte[] b, int from, int to) {
        Long v = parse(b, from, to);
        return v == null ? INVALID : v;
    }

    /** The integer in {@code b}, or null. */
    public static Long parse(byte[] b) {
        return parse(b, 0, b.length);
    }

    private static Long parse(byte[] b, int from, int to) {
        int len = to - from;
        if (len == 0 || len > 20) {
            return null;
        }
        if (len == 1 && b[from] == '0') {
            return 0L;
        }
        boolean negative = b[from] == '-';
        int i = negative ? from + 1 : from;
        if (i == to || b[i] < '1' || b[i] > '9') {
            return null;
        }
        long v = 0; // accumulated negatively, so Long.MIN_VALUE fits
        for (; i < to; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9 || v < (Long.MIN_VALUE + d) / 10) {
                return null;
            }
            v = v * 10 - d;
        }
        if (!negative) {
            if (v == Long.MIN_VALUE) {
                return null;
            }
            v = -v;
        }
        return v;
    }
}
