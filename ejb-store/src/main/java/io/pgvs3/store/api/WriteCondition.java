package io.pgvs3.store.api;

/**
 * A write precondition decided atomically at publication, under the per-key lock.
 *
 * @param createOnly  {@code If-None-Match: *}: fail if the key exists
 * @param ifMatchEtag strong {@code If-Match}: fail unless the current ETag (unquoted) equals it; null for none
 */
public record WriteCondition(boolean createOnly, String ifMatchEtag) {

    public static final WriteCondition NONE = new WriteCondition(false, null);

    public static WriteCondition ifNoneMatchStar() {
        return new WriteCondition(true, null);
    }

    public static WriteCondition ifMatch(String etag) {
        return new WriteCondition(false, etag);
    }
}
