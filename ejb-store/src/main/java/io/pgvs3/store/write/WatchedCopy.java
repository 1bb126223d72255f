package io.pgvs3.store.write;

import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The driver end of one COPY as its {@link CopyWatchdog} sees it: when the driver call now in progress
 * began, or {@link #IDLE}. Data is handed to the driver in slices of at most {@link #SLICE} bytes, so a
 * COPY that moves slowly but steadily counts as progressing: only a slice that takes longer than the
 * limit is a stall. Marking a call costs a clock read and two volatile stores, no allocation.
 */
final class WatchedCopy implements CopyFramer.Sink, AutoCloseable {

    /** Ends the COPY's session from another thread, so that a write blocked in it fails. */
    @FunctionalInterface
    interface Abort {
        void run() throws SQLException;
    }

    /** A driver call that ends the COPY (CopyDone or CopyFail): it writes too, so it is watched as well. */
    @FunctionalInterface
    interface Ending {
        long run() throws SQLException;
    }

    static final int SLICE = 256 * 1024;
    private static final long IDLE = Long.MIN_VALUE;
    /** connection_failure: what the driver reports for a broken session, which the store answers with 503. */
    private static final String CONNECTION_FAILURE = "08006";
    private static final Logger LOG = Logger.getLogger(WatchedCopy.class.getName());

    private final CopyWatchdog watchdog;
    private final CopyFramer.Sink driver;
    private final Abort abort;
    private volatile long callStarted = IDLE;
    private volatile boolean aborted;

    WatchedCopy(CopyWatchdog watchdog, CopyFramer.Sink driver, Abort abort) {
        this.watchdog = watchdog;
        this.driver = driver;
        this.abort = abort;
    }

    @Override
    public void send(byte[] buffer, int offset, int length) throws SQLException {
        for (int done = 0; done < length; done += SLICE) {
            callStarted = watchdog.now();
            try {
                driver.send(buffer, offset + done, Math.min(SLICE, length - done));
            } catch (SQLException e) {
                throw failure(e);
            } finally {
                callStarted = IDLE;
            }
        }
    }

    /** Runs the call that ends the COPY under the same watch. */
    long end(Ending ending) throws SQLException {
        callStarted = watchdog.now();
        try {
            return ending.run();
        } catch (SQLException e) {
            throw failure(e);
        } finally {
            callStarted = IDLE;
        }
    }

    /** Nanoseconds the driver call in progress has been running at {@code now}; 0 when none is. */
    long blockedFor(long now) {
        long started = callStarted;
        return started == IDLE ? 0 : now - started;
    }

    /** Claims the abort; false when it was claimed before (the watchdog aborts a session once). */
    boolean claimAbort() {
        if (aborted) {
            return false;
        }
        aborted = true;
        return true;
    }

    /** Ends the session; its blocked call then fails and {@link #send} reports the stall. */
    void abort() {
        try {
            abort.run();
        } catch (SQLException e) {
            LOG.log(Level.FINE, "aborting a stalled COPY's session failed", e);
        }
    }

    @Override
    public void close() {
        watchdog.forget(this);
    }

    private SQLException failure(SQLException e) {
        return aborted ? new SQLException("the database took no COPY data for " + watchdog.limit().toSeconds()
                + " s; its session was aborted", CONNECTION_FAILURE, e) : e;
    }
}
