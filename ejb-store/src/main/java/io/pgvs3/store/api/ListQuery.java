package io.pgvs3.store.api;

/**
 * A listing request in store terms.
 *
 * @param prefix    keys must start with it ("" for all)
 * @param delimiter null or empty for a flat listing
 * @param after     exclusive cursor: only entries (keys or common prefixes) after it; null for the start.
 *                  A cursor inside a common prefix skips that whole prefix, so pages never repeat it.
 * @param maxKeys   0..1000 entries (keys plus common prefixes)
 */
public record ListQuery(String bucket, String prefix, String delimiter, String after, int maxKeys) {
}
