package io.pgvs3.store.list;

/**
 * Code-point arithmetic on keys. In collation "C" keys sort by UTF-8 bytes, which is code-point order,
 * so "every key starting with p" is exactly the range {@code [p, successor(p))}.
 */
public final class KeyRanges {

    private static final int MAX = Character.MAX_CODE_POINT;

    private KeyRanges() {
    }

    /**
     * The least string greater than every string that starts with {@code s}: drop trailing U+10FFFF,
     * then increment the last code point (skipping the surrogate block). Null when none exists
     * (empty, or only U+10FFFF).
     */
    public static String successor(String s) {
        int end = s.length();
        while (end > 0) {
            int cp = s.codePointBefore(end);
            int start = end - Character.charCount(cp);
            if (cp < MAX) {
                int next = cp + 1;
                if (next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE) {
                    next = Character.MAX_SURROGATE + 1;
                }
                return new StringBuilder(start + 2).append(s, 0, start).appendCodePoint(next).toString();
            }
            end = start;
        }
        return null;
    }

    /** Compares by code points, which is UTF-8 byte order and so PostgreSQL's "C" order (not UTF-16 order). */
    public static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /**
     * The common prefix {@code key} rolls up into: {@code prefix} plus the text up to and including
     * the first {@code delimiter} after it; null if the key has none (or no delimiter is set).
     */
    public static String commonPrefix(String key, String prefix, String delimiter) {
        if (delimiter == null || delimiter.isEmpty() || !key.startsWith(prefix)) {
            return null;
        }
        int at = key.indexOf(delimiter, prefix.length());
        return at < 0 ? null : key.substring(0, at + delimiter.length());
    }
}
