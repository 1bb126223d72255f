package io.pgvs3.store.list;

/**
 * The keys a listing walks: those starting with {@code prefix}, which is the range {@code [prefix,
 * until)} in "C" order ({@code until} null when unbounded), rolled up at {@code delimiter} (null for a
 * flat listing).
 */
public record KeyScope(String prefix, String delimiter, String until) {

    /** Normalizes the request: no prefix is "", an empty delimiter is none. */
    public static KeyScope of(String prefix, String delimiter) {
        String p = prefix == null ? "" : prefix;
        return new KeyScope(p, delimiter == null || delimiter.isEmpty() ? null : delimiter,
                p.isEmpty() ? null : KeyRanges.successor(p));
    }

    /** The common prefix {@code key} rolls up into, or null. */
    public String commonPrefix(String key) {
        return KeyRanges.commonPrefix(key, prefix, delimiter);
    }

    /** Whether keys from {@code key} on can still lie in the scope. */
    public boolean reaches(String key) {
        return until == null || KeyRanges.compare(key, until) < 0;
    }

    /** Whether {@code key} sorts before every key in the scope. */
    public boolean precedes(String key) {
        return KeyRanges.compare(key, prefix) < 0;
    }
}
