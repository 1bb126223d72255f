package io.pgvs3.s3.route;

/**
 * RFC 3986 percent-escapes, {@code %} and two ASCII hex digits, as paths and queries are checked for them.
 * {@link Character#digit(char, int)} alone would also take fullwidth digits and those of other scripts.
 */
public final class PercentEscapes {

    private PercentEscapes() {
    }

    /** The value of an ASCII hex digit, or -1. */
    static int hexDigit(char c) {
        return c < 0x80 ? Character.digit(c, 16) : -1;
    }

    /** Whether the {@code %} at {@code at} starts an escape. */
    public static boolean escapeAt(String raw, int at) {
        return at + 2 < raw.length() && hexDigit(raw.charAt(at + 1)) >= 0 && hexDigit(raw.charAt(at + 2)) >= 0;
    }
}
