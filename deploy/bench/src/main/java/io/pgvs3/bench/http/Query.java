package io.pgvs3.bench.http;

/**
 * A query string as sent on the request line and in its SigV4 canonical form, which differ for bare
 * keys ({@code ?delete} is signed as {@code delete=}).
 *
 * @param raw       what follows '?' on the request line, empty for none
 * @param canonical the canonical query (parameters sorted by name, encoded, {@code k=} for bare keys)
 */
record Query(String raw, String canonical) {
    static final Query NONE = new Query("", "");
    static final Query DELETE = new Query("delete", "delete=");

    /** A query whose parameters are given already sorted and encoded, each with a value. */
    static Query sorted(String encodedPairs) {
        return new Query(encodedPairs, encodedPairs);
    }
}
