package io.pgvs3.store.maintenance;

import io.pgvs3.store.api.MaintenanceSnapshot;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/** The counters behind {@link MaintenanceSnapshot}; jobs add to them after each commit. */
public final class MaintenanceCounters {

    final AtomicLong ticks = new AtomicLong();
    final AtomicLong ticksAsLeader = new AtomicLong();
    final AtomicLong ticksNotLeader = new AtomicLong();
    final AtomicLong ticksOverlapping = new AtomicLong();
    final AtomicLong reapPasses = new AtomicLong();
    final AtomicLong rowsReaped = new AtomicLong();
    final AtomicLong filesReaped = new AtomicLong();
    final AtomicLong pinnedSkips = new AtomicLong();
    final AtomicLong referencedFiles = new AtomicLong();
    final AtomicLong uploadsExpired = new AtomicLong();
    final AtomicLong valuesExpired = new AtomicLong();
    final AtomicLong originFencesReaped = new AtomicLong();
    final AtomicLong originBlocksReaped = new AtomicLong();
    final AtomicLong errors = new AtomicLong();
    volatile boolean leader;
    volatile boolean outage;
    volatile Instant lastTick;
    volatile Instant lastLeaderTick;

    public MaintenanceSnapshot snapshot(boolean enabled) {
        return new MaintenanceSnapshot(enabled, leader, outage, lastTick, lastLeaderTick, ticks.get(),
                ticksAsLeader.get(), ticksNotLeader.get(), ticksOverlapping.get(), reapPasses.get(), rowsReaped.get(),
                filesReaped.get(), pinnedSkips.get(), referencedFiles.get(), uploadsExpired.get(), valuesExpired.get(),
                originFencesReaped.get(), originBlocksReaped.get(), errors.get());
    }
}
