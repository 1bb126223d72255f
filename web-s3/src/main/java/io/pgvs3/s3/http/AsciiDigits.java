package io.pgvs3.s3.http;

/** Numbers as HTTP writes them: ASCII digits only, no sign, no space (lengths, range positions). */
public final class AsciiDigits {

    private AsciiDigits() {
    }

    /**
     * Whether {@code text} is one or more ASCII digits. A loop, not a stream or a regex: request lengths
     * are read here on every request that declares one.
     */
    public static boolean only(String text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
