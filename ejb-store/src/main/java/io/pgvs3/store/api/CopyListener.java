package io.pgvs3.store.api;

/**
 * Told, at most once, when a copy has passed every check it makes before moving bytes (buckets, upload,
 * source and its conditions, the target's condition as the target is now), so a caller may commit to a
 * success status while the bytes move; what can still fail afterwards is the copy itself and the target's
 * condition, which publication decides again.
 * Called on the copying thread, inside its transaction: it must return at once.
 */
@FunctionalInterface
public interface CopyListener {

    CopyListener NONE = () -> { };

    void checksPassed();
}
