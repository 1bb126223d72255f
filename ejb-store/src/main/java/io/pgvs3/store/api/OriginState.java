package io.pgvs3.store.api;

/**
 * An origin-backed bucket as {@code GET /admin/origins/{bucket}} shows it.
 *
 * @param origin          the origin document, normalized (JSON)
 * @param cachedObjects   objects held here
 * @param cachedBytes     their bytes
 * @param pendingObjects  write-back objects acknowledged here and not yet at the origin
 * @param pendingBytes    their bytes
 * @param oldestPending   how long the oldest of them has waited (zero when none)
 * @param drainPaused     whether the drain is paused for this bucket (on every gateway)
 * @param lastOriginError this gateway's last failed origin request, or null
 */
public record OriginState(String origin, long cachedObjects, long cachedBytes, long pendingObjects,
                          long pendingBytes, java.time.Duration oldestPending, boolean drainPaused,
                          String lastOriginError) {
}
