package io.pgvs3.store.api;

/**
 * One key to delete, optionally only if its current ETag matches.
 *
 * @param ifMatch null to delete unconditionally; {@code *} to delete only an existing key; otherwise
 *                the unquoted ETag the current object must have
 */
public record ObjectDeletion(String key, String ifMatch) {

    public static ObjectDeletion of(String key) {
        return new ObjectDeletion(key, null);
    }
}
