package io.pgvs3.store.api;

/**
 * An origin-backed bucket as {@code GET /admin/origins/{bucket}} shows it.
 *
 * @param origin          the origin document, normalized (JSON)
 * @param cachedObjects   objects held here
 * @param cachedBytes     their bytes
 * @param lastOriginError this gateway's last failed origin request, or null
 */
public record OriginState(String origin, long cachedObjects, long cachedBytes, String lastOriginError) {
}
