package io.pgvs3.s3.error;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Decides which of a run of like failures is worth a log line: the first of an episode, where an
 * episode ends after {@link #QUIET} without one. During a database outage every request fails the same
 * way; one WARNING says so, the others are counted (pgvs3_errors_total) and logged at FINE. The first
 * line of the next episode tells how many the previous one had.
 */
final class EpisodeLog {

    static final Duration QUIET = Duration.ofMinutes(1);

    private final LongSupplier nanoClock;
    /** Guarded by this. */
    private long lastSeen;
    private long sinceLogged;
    private boolean seen;

    EpisodeLog(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /**
     * Records one failure.
     *
     * @return -1 when it belongs to the running episode (log it quietly), else the number of failures of
     *         the previous episode (0 when there was none): log it loudly
     */
    synchronized long record() {
        long now = nanoClock.getAsLong();
        boolean newEpisode = !seen || now - lastSeen >= QUIET.toNanos();
        seen = true;
        lastSeen = now;
        if (!newEpisode) {
            sinceLogged++;
            return -1;
        }
        long previous = sinceLogged;
        sinceLogged = 1;
        return previous;
    }
}
