package io.pgvs3.store.breaker;

import io.pgvs3.store.sql.SessionSource;
import io.pgvs3.store.sql.SqlErrors;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One per database, shared by both pools. Closed, {@link #check} is one volatile read. A connection-level
 * failure ({@link SqlErrors#isConnectionLost}) of the pool handing out a session, or of a session in use,
 * starts a probe at once, and the breaker opens when the probe cannot reach the database either (only
 * sessions obtained since the breaker last closed count). Open, {@link #check} throws
 * {@link BreakerOpenException} at once, and starts a probe on the executor when none runs and the last
 * began at least {@link #PROBE_INTERVAL} ago. A probe opens a plain driver
 * session (bounded by {@code pgvs3.db.connect-timeout}) and runs {@code SELECT 1}; when it answers, the
 * breaker closes. Probes are started by callers, so a gateway nobody asks (not even readiness) does
 * not probe. Opening and closing are logged once each, without a stack trace.
 */
public final class DatabaseBreaker {

    static final Duration PROBE_INTERVAL = Duration.ofSeconds(1);
    private static final Logger LOG = Logger.getLogger(DatabaseBreaker.class.getName());

    /** Why and since when the breaker is open. */
    private record Opening(long sinceNanos, Instant since, String why) {
    }

    private final SessionSource probeSessions;
    private final Executor probes;
    private final AtomicBoolean probing = new AtomicBoolean();
    private final LongAdder refused = new LongAdder();
    /** Null while closed. */
    private volatile Opening opening;
    /** Far enough back that the grace after a close does not apply before the first. */
    private volatile long lastClosedNanos = System.nanoTime() - PROBE_INTERVAL.toNanos();
    private volatile long nextProbeNanos;

    public DatabaseBreaker(SessionSource probeSessions, Executor probes) {
        this.probeSessions = probeSessions;
        this.probes = probes;
    }

    /** Throws when open (and perhaps starts a probe); nothing else when closed. */
    public void check() throws BreakerOpenException {
        String refusal = refusal();
        if (refusal != null) {
            refused.increment();
            throw new BreakerOpenException(refusal);
        }
    }

    /**
     * Null when closed; when open, why connections fail fast (and a probe starts when one is due). For
     * readiness, whose check may have begun before the breaker opened and answered after the thaw, ahead
     * of the probe that closes the breaker.
     */
    public String refusal() {
        Opening open = opening;
        if (open == null) {
            return null;
        }
        probeIfDue();
        return "database unreachable since " + open.since()
                + " (connections fail fast until a probe session answers): " + open.why();
    }

    /** Now, for {@link #failed}: when a session was obtained. */
    public long now() {
        return System.nanoTime();
    }

    /**
     * A session obtained at {@code obtainedNanos} failed with {@code e}, or the pool asked then could not
     * hand one out. When the failure is connection-level, a probe checks the database as for
     * {@link #sessionLost}: one session's end (a terminated backend, one the pool lent after it died)
     * says nothing of the database. A session from before the last close (one that broke in the outage
     * the breaker already saw end) is no news either, nor is a failure in the first probe interval after
     * a close: the pool may still hold sessions that died in the outage, and hands out each at most once.
     */
    public void failed(SQLException e, long obtainedNanos) {
        if (SqlErrors.isConnectionLost(e)) {
            sessionLost(e.getMessage(), obtainedNanos);
        }
    }

    /**
     * An established session failed at connection level, or broke under its user (the pool closed its
     * handle). That alone may be the end of one session, not of the database: a terminated backend, a
     * recovery conflict on a standby, a DBA's session timeout. So a probe session checks at once, and the
     * breaker opens only when the probe gets no answer either.
     */
    public void sessionLost(String why, long obtainedNanos) {
        if (news(obtainedNanos) && probing.compareAndSet(false, true)) {
            startProbe(() -> probe(why));
        }
    }

    private boolean news(long obtainedNanos) {
        long closed = lastClosedNanos;
        return opening == null && obtainedNanos - closed >= 0
                && System.nanoTime() - closed >= PROBE_INTERVAL.toNanos();
    }

    public boolean isOpen() {
        return opening != null;
    }

    /** Whether a probe runs right now (for tests). */
    boolean isProbing() {
        return probing.get();
    }

    private synchronized void open(String why) {
        if (opening != null) {
            return;
        }
        long now = System.nanoTime();
        nextProbeNanos = now + PROBE_INTERVAL.toNanos();
        refused.reset();
        opening = new Opening(now, Instant.now(), why);
        LOG.warning(() -> "database unreachable: connections fail fast until a probe session answers "
                + "SELECT 1 (at most one a second): " + why);
    }

    private synchronized void close() {
        Opening open = opening;
        if (open == null) {
            return;
        }
        lastClosedNanos = System.nanoTime();
        opening = null;
        long seconds = Duration.ofNanos(lastClosedNanos - open.sinceNanos()).toSeconds();
        LOG.info(() -> "database reachable again after " + seconds + " s; " + refused.sum()
                + " connection request(s) failed fast meanwhile");
    }

    private void probeIfDue() {
        if (System.nanoTime() - nextProbeNanos < 0 || !probing.compareAndSet(false, true)) {
            return;
        }
        startProbe(() -> probe(null));
    }

    /** Runs a probe claimed with {@link #probing}. */
    private void startProbe(Runnable probe) {
        try {
            probes.execute(probe);
        } catch (RejectedExecutionException e) {
            probing.set(false); // the executor is shutting down: the next caller tries again
        }
    }

    /**
     * Opens a session and asks {@code SELECT 1}: an answer closes the breaker; no answer opens it when
     * {@code openWhy} says why a session was lost (a check while closed), else leaves it open.
     */
    private void probe(String openWhy) {
        try (Connection session = probeSessions.open(); Statement s = session.createStatement();
             ResultSet answer = s.executeQuery("SELECT 1")) {
            if (answer.next()) {
                close();
            }
        } catch (SQLException e) {
            LOG.log(Level.FINE, "the breaker's probe session failed: {0}", e.getMessage());
            if (openWhy != null) {
                open(openWhy + "; a new session failed too: " + e.getMessage());
            }
        } finally {
            nextProbeNanos = System.nanoTime() + PROBE_INTERVAL.toNanos();
            probing.set(false);
        }
    }
}
