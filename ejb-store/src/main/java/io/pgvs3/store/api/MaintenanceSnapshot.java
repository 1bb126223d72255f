package io.pgvs3.store.api;

import java.time.Instant;

/**
 * Maintenance counters of one gateway since it started.
 *
 * @param enabled              maintenance timers run on this gateway ({@code pgvs3.maintenance.enabled})
 * @param leader               this gateway held the maintenance-leader lock on its latest tick
 * @param databaseOutage       the latest tick could not reach the database
 * @param lastTick             when the latest tick started, or null before the first
 * @param lastLeaderTick       when the latest tick that held the leader lock started, or null
 * @param ticks                timer ticks that started (including those that then skipped or failed)
 * @param ticksAsLeader        ticks that held the leader lock and ran the jobs
 * @param ticksNotLeader       ticks skipped because another gateway held the leader lock
 * @param ticksOverlapping     ticks skipped because this gateway's previous tick was still running
 * @param reapPasses           reaper passes (each deletes at most {@code pgvs3.reaper.max-rows-per-pass} rows)
 * @param rowsReaped           chunk rows deleted
 * @param filesReaped          garbage files fully deleted and dequeued
 * @param pinnedSkips          times a garbage file was skipped because a reader pinned it
 * @param referencedFiles      times a queued file was found still referenced (a bug; never deleted)
 * @param uploadsExpired       abandoned multipart uploads removed
 * @param valuesExpired        TTL'd values of cache namespaces removed
 * @param originFencesReaped   run-out fill leases and old tombstones of origin-backed buckets removed
 * @param originBlocksReaped   range blocks of origin-backed buckets removed because they can never serve again
 * @param errors               failed ticks and failed jobs, referenced garbage files included
 */
public record MaintenanceSnapshot(boolean enabled, boolean leader, boolean databaseOutage, Instant lastTick,
                                  Instant lastLeaderTick, long ticks, long ticksAsLeader, long ticksNotLeader,
                                  long ticksOverlapping, long reapPasses, long rowsReaped, long filesReaped,
                                  long pinnedSkips, long referencedFiles, long uploadsExpired, long valuesExpired,
                                  long originFencesReaped, long originBlocksReaped, long errors) {
}
