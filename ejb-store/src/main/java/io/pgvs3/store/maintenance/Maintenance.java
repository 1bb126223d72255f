package io.pgvs3.store.maintenance;

import io.pgvs3.store.api.MaintenanceSnapshot;
import io.pgvs3.store.sql.SessionSource;
import io.pgvs3.store.sql.SqlErrors;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One gateway's maintenance ticks. A tick never overlaps another of the same instance (a late timer
 * skips), runs only while this gateway leads (it holds the maintenance-leader lock on a session of its
 * own from tick to tick, docs/adr/0037), and never throws: a database outage is logged once when it
 * begins and once when it ends, counted on every tick, and retried on the next. A failed tick gives
 * leadership up. After {@link #stop} (or {@link #close}) no tick runs and leadership is released.
 */
public final class Maintenance implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(Maintenance.class.getName());

    /** How a tick ended. */
    public enum Outcome { RAN, NOT_LEADER, OVERLAPPING, FAILED, STOPPED }

    private static final Duration CLOSE_WAIT = Duration.ofSeconds(30);
    /** How long a held session may take to prove it is alive before a tick. */
    private static final int ALIVE_CHECK_SECONDS = 5;

    private final SessionSource sessions;
    private final MaintenanceConfig config;
    private final List<MaintenanceJob> jobs;
    private final MaintenanceCounters counters;
    private final ReentrantLock running = new ReentrantLock();
    private volatile boolean stopped;
    /** Failed ticks of the current outage; 0 when the database answers. Guarded by {@link #running}. */
    private long outageTicks;
    /** This gateway's leadership while it leads; guarded by {@link #running}. */
    private LeaderLease lease;

    /**
     * Expire uploads, expire values, drop the range blocks that can never serve, then reap (so what they
     * queued can go in the same tick), and last drop the origin fences no fill needs.
     */
    public static Maintenance standard(SessionSource sessions, MaintenanceConfig config) {
        MaintenanceCounters counters = new MaintenanceCounters();
        return new Maintenance(sessions, config, counters, List.of(new UploadExpiry(config, counters),
                new ValueExpiry(config, counters), new OriginBlockReaping(counters), new Reaper(config, counters),
                new OriginFenceReaping(counters)));
    }

    /** @param sessions the leader's own sessions: never pooled handles, the lease outlives a tick */
    Maintenance(SessionSource sessions, MaintenanceConfig config, MaintenanceCounters counters,
                List<MaintenanceJob> jobs) {
        this.sessions = sessions;
        this.config = config;
        this.counters = counters;
        this.jobs = List.copyOf(jobs);
    }

    public MaintenanceSnapshot snapshot() {
        return counters.snapshot(config.enabled());
    }

    public Outcome tick() {
        if (stopped) {
            return Outcome.STOPPED;
        }
        if (!running.tryLock()) {
            counters.ticksOverlapping.incrementAndGet();
            return Outcome.OVERLAPPING;
        }
        try {
            return stopped ? Outcome.STOPPED : tickAlone();
        } finally {
            running.unlock();
        }
    }

    private Outcome tickAlone() {
        counters.ticks.incrementAndGet();
        Instant started = Instant.now();
        counters.lastTick = started;
        if (lease != null && !lease.isAlive(ALIVE_CHECK_SECONDS)) {
            resign(); // the server ended the session (a restart, a terminated backend): try to lead again
        }
        if (lease == null) {
            try {
                lease = LeaderLease.tryAcquire(sessions, config.interval());
            } catch (SQLException | RuntimeException e) {
                return failed(e, true);
            }
            if (lease == null) {
                recovered();
                counters.ticksNotLeader.incrementAndGet();
                return Outcome.NOT_LEADER;
            }
            LOG.info("this gateway leads maintenance now");
        }
        counters.leader = true;
        counters.lastLeaderTick = started;
        counters.ticksAsLeader.incrementAndGet();
        try {
            runJobs(lease.connection());
            lease.endTick();
            recovered();
            return Outcome.RAN;
        } catch (SQLException | RuntimeException e) {
            resign();
            return failed(e, e instanceof SQLException s && isConnectionFailure(s));
        }
    }

    /** Gives leadership up, so the next gateway to tick may take it. Called with {@link #running} held. */
    private void resign() {
        if (lease != null) {
            lease.close();
            lease = null;
        }
        counters.leader = false;
    }

    private void runJobs(Connection c) throws SQLException {
        List<MaintainedNamespace> namespaces = MaintainedNamespace.all(c);
        for (MaintenanceJob job : jobs) {
            for (MaintainedNamespace ns : namespaces) {
                if (stopped) {
                    return;
                }
                if (job.appliesTo(ns)) {
                    runOne(c, job, ns);
                }
            }
        }
    }

    /** A failure confined to one namespace is counted and logged; the others still get their turn. */
    private void runOne(Connection c, MaintenanceJob job, MaintainedNamespace ns) throws SQLException {
        try {
            job.run(c, ns, () -> stopped);
        } catch (SQLException e) {
            if (isConnectionFailure(e)) {
                throw e;
            }
            SqlErrors.rollbackQuietly(c, e);
            c.setAutoCommit(true);
            if (SqlErrors.isMissingNamespace(e)) {
                LOG.fine(() -> "namespace " + ns.namespace().name() + " was dropped during " + job.name());
                return;
            }
            counters.errors.incrementAndGet();
            LOG.log(Level.WARNING, "maintenance job " + job.name() + " failed in namespace "
                    + ns.namespace().name() + ": " + e.getMessage() + " (SQLState " + e.getSQLState() + ")", e);
        }
    }

    private Outcome failed(Exception e, boolean outage) {
        counters.errors.incrementAndGet();
        if (!outage) {
            LOG.log(Level.WARNING, "maintenance tick failed: " + e.getMessage(), e);
            return Outcome.FAILED;
        }
        counters.outage = true;
        if (outageTicks++ == 0) {
            LOG.warning("maintenance cannot reach the database (" + e.getMessage() + "); it retries every "
                    + config.interval() + " and says so here once it is back");
        } else {
            LOG.log(Level.FINE, "maintenance still cannot reach the database", e);
        }
        return Outcome.FAILED;
    }

    private void recovered() {
        if (outageTicks > 0) {
            long failedTicks = outageTicks;
            LOG.info(() -> "maintenance reaches the database again after " + failedTicks + " failed tick(s)");
            outageTicks = 0;
        }
        counters.outage = false;
    }

    /** Connection-level trouble: the database is down, restarting or unreachable. */
    static boolean isConnectionFailure(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.sql.SQLTransientConnectionException
                    || t instanceof java.sql.SQLNonTransientConnectionException
                    || t instanceof java.sql.SQLRecoverableException) {
                return true;
            }
            if (t instanceof SQLException s && s.getSQLState() != null
                    && (s.getSQLState().startsWith("08") || s.getSQLState().startsWith("57P"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * No tick starts after this; a running one stops between transactions. Waits up to {@code wait}
     * for it, then releases leadership, and returns whether it ended.
     */
    public boolean stop(Duration wait) {
        stopped = true;
        try {
            if (running.tryLock(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                try {
                    resign();
                } finally {
                    running.unlock();
                }
                return true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LOG.warning("a maintenance tick was still running " + wait + " after the application began to stop");
        return false;
    }

    /** {@link #stop} with a wait of 30 s. */
    @Override
    public void close() {
        stop(CLOSE_WAIT);
    }
}
