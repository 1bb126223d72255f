package io.pgvs3.store.read;

import io.pgvs3.store.sql.FileLocks;
import io.pgvs3.store.sql.SessionSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
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
 */
public final class ReadPins implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ReadPins.class.getName());

    /** The guard idles between pins: a DBA's idle_session_timeout must not end it while it holds some. */
    private static final String GUARD_SETTINGS = "SET idle_session_timeout = 0; SET application_name = 'pgvs3-pins'";

    private static final String UNLOCK_ALL = "SELECT pg_advisory_unlock_all()";

    private final SessionSource sessions;
    /** Shares held, per (namespace, file); guarded by this. */
    private final Map<FileKey, Integer> held = new HashMap<>();
    private Connection guard;

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
            synchronized (ReadPins.this) {
                if (!released) {
                    released = true;
                    release(namespaceId, fileIds);
                }
            }
        }
    }

    /**
     * Pins {@code fileIds} of namespace {@code namespaceId} until the pin is closed.
     *
     * @return the pin, or null when the reaper is deleting one of the files right now (read from a
     *         snapshot instead)
     */
    public synchronized Pin tryPin(long namespaceId, long[] fileIds) throws SQLException {
        boolean pinned;
        try {
            pinned = FileLocks.tryPinSession(guard(), namespaceId, fileIds);
        } catch (SQLException e) {
            LOG.log(Level.INFO, "the read-pin guard session failed; opening a new one", e);
            reopen();
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
    public synchronized int held() {
        return held.values().stream().mapToInt(Integer::intValue).sum();
    }

    private void release(long namespaceId, long[] fileIds) {
        for (long fileId : fileIds) {
            held.computeIfPresent(new FileKey(namespaceId, fileId), (k, n) -> n == 1 ? null : n - 1);
        }
        try {
            FileLocks.unpinSession(guard(), namespaceId, fileIds);
        } catch (SQLException e) {
            // the other reads' shares must not wait for the next pin: a new session takes them again now
            LOG.log(Level.INFO, "could not give back read pins; the guard session is reopened", e);
            try {
                reopen();
            } catch (SQLException again) {
                LOG.log(Level.WARNING, "the read-pin guard cannot reconnect; the next pin tries again", again);
            }
        }
    }

    private Connection guard() throws SQLException {
        if (guard == null) {
            open();
        }
        return guard;
    }

    /** A new session that takes again every share still held. */
    private void reopen() throws SQLException {
        closeGuard();
        open();
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
    public synchronized void close() {
        closeGuard();
        held.clear();
    }

    private record FileKey(long namespaceId, long fileId) {
    }
}
