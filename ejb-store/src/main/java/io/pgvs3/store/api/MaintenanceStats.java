package io.pgvs3.store.api;

import jakarta.ejb.Local;

/**
 * This gateway's maintenance counters (reaper, upload and TTL expiry, leader ticks), for the metrics
 * endpoint and the admin report. Counters are cumulative since the application started.
 */
@Local
public interface MaintenanceStats {

    /** A consistent-enough copy of the counters (each value is read atomically, not all at once). */
    MaintenanceSnapshot snapshot();
}
