package io.pgvs3.store.read;

import io.pgvs3.store.api.ObjectMeta;

/**
 * An object of an origin-backed bucket as its row says, with what the origin last said of it.
 *
 * @param validator  the origin's ETag of the cached body, or null (never filled nor written through)
 * @param ageSeconds seconds since the origin last confirmed the body, by the database's clock; NaN if never
 */
public record CachedObject(ObjectMeta meta, String validator, double ageSeconds) {

    /** Within {@code ttlSeconds} of its last confirmation: served without asking the origin. */
    public boolean isFresh(double ttlSeconds) {
        return !Double.isNaN(ageSeconds) && ageSeconds < ttlSeconds;
    }
}
