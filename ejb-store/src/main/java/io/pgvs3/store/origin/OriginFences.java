package io.pgvs3.store.origin;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * What fences fills in an origin-backed bucket, kept only while a fill may still need it (ADR 45): fill
 * leases that ran out, then tombstones older than {@link #TOMBSTONE_GRACE} that no fill of their key began
 * before. Maintenance runs it in the leader's transaction, bucket by bucket.
 */
public final class OriginFences {

    /**
     * How long a tombstone outlives its delete at least. A first fill that began before it holds a lease
     * and keeps it regardless; a revalidation never needs it (it refills live rows only); this margin only
     * spares a fill between its generation and its lease.
     */
    public static final Duration TOMBSTONE_GRACE = Duration.ofMinutes(10);

    /** Rows of each kind removed per call, so that one call stays a short transaction. */
    static final int BATCH = 10_000;

    private OriginFences() {
    }

    /** @return how many leases and tombstones went */
    public static int reap(Connection c, Namespace ns, Duration tombstoneGrace) throws SQLException {
        return FillLeases.reapExpired(c, ns, BATCH) + OriginKeys.reapTombstones(c, ns, tombstoneGrace, BATCH);
    }
}
