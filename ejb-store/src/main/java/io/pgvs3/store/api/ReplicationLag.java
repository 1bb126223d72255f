package io.pgvs3.store.api;

/**
 * How far a standby's replay trails what it has received from its primary (docs/adr/0035). Only a
 * database in recovery has one. The standby cannot see WAL it has not received: a standby cut off from
 * its primary shows {@code streaming = false}, not a growing lag.
 *
 * @param receivedLsn the last WAL position received and flushed from the primary, or null when nothing was
 *                    streamed since the standby started
 * @param replayedLsn the last WAL position replayed
 * @param lagBytes    received minus replayed, at least 0 (0 when nothing was received)
 * @param lagSeconds  0 when everything received is replayed, else how long ago the last replayed transaction
 *                    committed on the primary; NaN when none was replayed since the standby started
 * @param streaming   a WAL receiver streams from the primary right now
 */
public record ReplicationLag(String receivedLsn, String replayedLsn, long lagBytes, double lagSeconds,
                             boolean streaming) {

    /** Whether replay is no further behind than {@code maxSeconds}; an unknown lag is not judged. */
    public boolean within(double maxSeconds) {
        return Double.isNaN(lagSeconds) || lagSeconds <= maxSeconds;
    }
}
