package io.pgvs3.store.api;

/**
 * A write precondition decided atomically at publication, under the per-key lock.
 *
 * @param createOnly      {@code If-None-Match: *}: fail if the key exists
 * @param ifMatchEtag     {@code If-Match}: fail unless the current ETag (unquoted) equals it, or with
 *                        {@link #ANY} unless the key exists; a missing key is NO_SUCH_KEY; null for none
 * @param ifNoneMatchEtag {@code If-None-Match} with a tag: fail if the current ETag (unquoted) equals
 *                        it; a missing key is written; null for none
 */
public record WriteCondition(boolean createOnly, String ifMatchEtag, String ifNoneMatchEtag) {

    /** {@code If-Match: *}: any current version. */
    public static final String ANY = "*";

    public static final WriteCondition NONE = new WriteCondition(false, null, null);

    public static WriteCondition ifNoneMatchStar() {
        return new WriteCondition(true, null, null);
    }

    public static WriteCondition ifMatch(String etag) {
        return new WriteCondition(false, etag, null);
    }

    public static WriteCondition ifNoneMatch(String etag) {
        return new WriteCondition(false, null, etag);
    }
}
