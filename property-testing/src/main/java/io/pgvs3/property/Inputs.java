package io.pgvs3.property;

import java.util.Arrays;

/** Failure messages show inputs readably: byte strings as escaped text with their length, capped. */
public final class Inputs {

    static final int MAX_SHOWN = 600;

    private Inputs() {
    }

    public static String describe(Object input) {
        if (input instanceof byte[] bytes) {
            return bytes.length + " bytes \"" + escape(bytes) + "\"";
        }
        if (input instanceof String text) {
            return text.length() + " chars \"" + escape(text) + "\"";
        }
        if (input instanceof Object[] array) {
            return cap(Arrays.deepToString(array));
        }
        return cap(String.valueOf(input));
    }

    /** Printable ASCII as it is, CR/LF/TAB as \r \n \t, every other byte as \xHH. */
    static String escape(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < bytes.length && out.length() < MAX_SHOWN; i++) {
            int b = bytes[i] & 0xff;
            switch (b) {
                case '\r' -> out.append("\\r");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                default -> out.append(b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b));
            }
        }
        return out.length() < MAX_SHOWN ? out.toString() : out + "...";
    }

    /** Printable ASCII as it is, everything else as a Java escape, so lone surrogates and controls show. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length() && out.length() < MAX_SHOWN; i++) {
            char c = text.charAt(i);
            boolean plain = c >= 0x20 && c < 0x7f && c != '\\' && c != '"';
            out.append(plain ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        return out.length() < MAX_SHOWN ? out.toString() : out + "...";
    }

    private static String cap(String s) {
        return s.length() <= MAX_SHOWN ? s : s.substring(0, MAX_SHOWN) + "...";
    }
}
