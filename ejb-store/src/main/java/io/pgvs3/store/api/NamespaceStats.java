package io.pgvs3.store.api;

import java.time.Duration;

/**
 * One namespace's sizes.
 *
 * @param kind              {@code bucket}, {@code cache} or {@code writeback}
 * @param objects           exact number of objects (or values)
 * @param logicalBytes      exact sum of the objects' sizes
 * @param physicalBytes     {@code pg_total_relation_size} of {@code objects} plus {@code chunks}: heap,
 *                          TOAST and indexes
 * @param chunkRowsEstimate the planner's estimate ({@code pg_class.reltuples}), or the page count of
 *                          {@code chunks} before its first analyze (one row per 8 KiB page)
 * @param garbageFiles      files queued for the reaper
 * @param garbageChunkRows  exact chunk rows of the queued files (an index-only count)
 * @param garbageBytes      {@code garbageChunkRows} × 8,120: an upper bound of the queued payload bytes
 * @param oldestGarbageAge  how long the oldest queued file has waited, or null when the queue is empty
 * @param incompleteUploads multipart uploads neither completed nor aborted
 */
public record NamespaceStats(String name, String kind, long objects, long logicalBytes, long physicalBytes,
                             long chunkRowsEstimate, long garbageFiles, long garbageChunkRows, long garbageBytes,
                             Duration oldestGarbageAge, long incompleteUploads) {
}
