package io.pgvs3.store.read;

import io.pgvs3.store.sql.FileLocks;
import io.pgvs3.store.sql.SessionSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The gateway's read pins: session-level shared advisory locks on the files that windowed reads
 * stream, all held by one guard connection that runs nothing else. A pin holds no transaction and no
 * snapshot, so a download of any length never holds vacuum back; the reaper skips pinned files
 * (docs/adr/0029). Calls are serialized on the guard (two short statements per windowed read).
 *
 * <p>The guard remembers how many shares of each file it holds; if its session breaks (a restart, a
 * terminated backend) the next call opens a new session and takes them all again, so pins survive
 * unless the reaper deleted a file in between (that read then fails on missing rows, never with
 * wrong bytes).
 *
 * <p>Waits are bounded (docs/adr/0033): a pin waits at most {@link #PIN_WAIT} for the guard (the read
 * then uses a snapshot), the guard's session has the connect and socket timeouts of its
 * {@link SessionSource}, and after a failed reconnect the guard is not tried again for {@link #REOPEN_BACKOFF},
 * so reads during an outage fall back at once instead of queueing behind the dead session. An outage is
 * logged once when it starts and once when the guard is back.
 */
public final class ReadPins implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ReadPins.class.getName());

    /** The guard idles between pins: a DBA's idle_session_timeout must not end it while it holds some. */
    private static final String GUARD_SETTINGS = "SET idle_session_timeout = 0; SET application_name = 'pgvs3-pins'";

    private static final String UNLOCK_ALL = "SELECT pg_advisory_unlock_all()";

    /** Far above a guard call's time (two try-lock statements); past it the guard is stuck, not busy. */
    static final Duration PIN_WAIT = Duration.ofSeconds(1);
    static final Duration REOPEN_BACKOFF = Duration.ofSeconds(1);

    private final SessionSource sessions;
    /** Serializes the guard's calls; every field below is guarded by it. */
    private final ReentrantLock lock = new ReentrantLock();
    /** Shares held, per (namespace, file). */
    private final Map<FileKey, Integer> held = new HashMap<>();
    private Connection guard;
    /** When a failed session may be tried again (System.nanoTime), while {@link #broken}. */
    private long retryAt;
    /** The guard failed and has not reconnected since: the outage has been logged. */
    private boolean broken;

    /** @param sessions new database sessions for the guard (never pooled handles: it lives across calls) */
    public ReadPins(SessionSource sessions) {
        this.sessions = sessions;
    }

    /** A pin on files of one namespace; closing gives the shares back. */
    public final class Pin implements AutoCloseable {
        private final long namespaceId;
        private final long[] fileIds;
        private boolean released;

        private Pin(long namespaceId, long[] fileIds) {
            this.namespaceId = namespaceId;
            this.fileIds = fileIds;
        }

        @Override
        public void close() {
            // unbounded, but every holder is bounded by the session's timeouts and a broken guard is
            // never called here (release only counts), so a close waits at most one guard call
            lock.lock();
            try {
                if (!released) {
                    released = true;
                    release(namespaceId, fileIds);
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Pins {@code fileIds} of namespace {@code namespaceId} until the pin is closed.
     *
     * @return the pin, or null when the reaper is deleting one of the files right now (read from a
     *         snapshot instead)
     * @throws SQLException when the guard has no working session or stays busy past {@link #PIN_WAIT}
     */
    public Pin tryPin(long namespaceId, long[] fileIds) throws SQLException {
        try {
            if (!lock.tryLock(PIN_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new SQLTransientConnectionException("the read-pin guard stayed busy for " + PIN_WAIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLTransientConnectionException("interrupted while waiting for the read-pin guard", e);
        }
        try {
            return pinLocked(namespaceId, fileIds);
        } finally {
            lock.unlock();
        }
    }

    private Pin pinLocked(long namespaceId, long[] fileIds) throws SQLException {
        boolean pinned;
        try {
            pinned = FileLocks.tryPinSession(guard(), namespaceId, fileIds);
        } catch (SQLException e) {
            if (broken) {
                throw e; // guard() refused during the backoff, or the new session failed again
            }
            LOG.fine(() -> "the read-pin guard session failed (" + e.getMessage() + "); opening a new one");
            closeGuard();
            pinned = FileLocks.tryPinSession(guard(), namespaceId, fileIds);
        }
        if (!pinned) {
            return null;
        }
        for (long fileId : fileIds) {
            held.merge(new FileKey(namespaceId, fileId), 1, Integer::sum);
        }
        return new Pin(namespaceId, fileIds);
    }

    /** Shares held right now (for tests and metrics). */
    public int held() {
        lock.lock();
        try {
            return held.values().stream().mapToInt(Integer::intValue).sum();
        } finally {
            lock.unlock();
        }
    }

    private void release(long namespaceId, long[] fileIds) {
        for (long fileId : fileIds) {
            held.computeIfPresent(new FileKey(namespaceId, fileId), (k, n) -> n == 1 ? null : n - 1);
        }
        if (guard == null) {
            return; // no session holds them: the next one takes only the shares still counted
        }
        try {
            FileLocks.unpinSession(guard, namespaceId, fileIds);
        } catch (SQLException e) {
            // the other reads' shares must not wait for the next pin: a new session takes them again now
            LOG.fine(() -> "could not give back read pins (" + e.getMessage() + "); the guard session is reopened");
            closeGuard();
            try {
                guard();
            } catch (SQLException again) {
                LOG.log(Level.FINE, "the read-pin guard cannot reconnect; the next pin tries again", again);
            }
        }
    }

    private Connection guard() throws SQLException {
        if (guard == null) {
            if (broken && System.nanoTime() - retryAt < 0) {
                throw new SQLTransientConnectionException("the read-pin guard reconnects at most every "
                        + REOPEN_BACKOFF + " after a failure");
            }
            try {
                open();
            } catch (SQLException e) {
                retryAt = System.nanoTime() + REOPEN_BACKOFF.toNanos();
                if (!broken) {
                    broken = true;
                    LOG.warning("the read-pin guard has no database session (" + e.getMessage()
                            + "); windowed reads use snapshots until it reconnects");
                }
                throw e;
            }
            if (broken) {
                broken = false;
                LOG.info("the read-pin guard has a database session again");
            }
        }
        return guard;
    }

    private void open() throws SQLException {
        Connection c = sessions.open();
        try {
            c.setAutoCommit(true);
            try (Statement s = c.createStatement()) {
                s.execute(GUARD_SETTINGS);
            }
            for (Map.Entry<FileKey, Integer> share : held.entrySet()) {
                for (int i = 0; i < share.getValue(); i++) {
                    if (!FileLocks.tryPinSession(c, share.getKey().namespaceId(), share.getKey().fileId())) {
                        LOG.warning("file " + share.getKey().fileId() + " was reaped while the read-pin guard"
                                + " reconnected; a read of it fails on missing rows");
                    }
                }
            }
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
        guard = c;
    }

    /**
     * Gives back every share before closing, in case the session outlives close() (a pooled connection
     * would: a stray share keeps the reaper off a file for good). If that fails the session is broken and
     * its locks die with it.
     */
    private void closeGuard() {
        if (guard != null) {
            try (Connection c = guard; Statement s = c.createStatement()) {
                s.execute(UNLOCK_ALL);
            } catch (SQLException e) {
                LOG.log(Level.FINE, "closing the read-pin guard", e);
            }
            guard = null;
        }
    }

    /** Ends the guard session, which gives back every share. */
    @Override
    public void close() {
        lock.lock();
        try {
            closeGuard();
            held.clear();
        } finally {
            lock.unlock();
        }
    }

    private record FileKey(long namespaceId, long fileId) {
    }
}
