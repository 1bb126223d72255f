package io.pgvs3.store.write;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;
import java.util.logging.Logger;

/**
 * Aborts a COPY into the database whose writes have made no progress for longer than the limit (the
 * socket timeout of the pool the COPY runs on, {@link CopyWatchdogs}, docs/adr/0033). A blocking socket write has no timeout in Java: with the
 * database frozen, a write into full socket buffers would wait for the thaw. Only time blocked inside a
 * write counts; a COPY waiting for its client's next bytes is idle, however long (Liberty's read timeout
 * ends a silent client). {@link #check} is run by one shared timer (CopyWatchdogBean), not per upload;
 * a COPY registers once when it opens. Aborts run on their own executor, so that a session slow to end
 * never holds up the check of the others.
 */
public final class CopyWatchdog {

    private static final Logger LOG = Logger.getLogger(CopyWatchdog.class.getName());

    private final Duration limit;
    private final LongSupplier nanoClock;
    private final Executor aborts;
    private final Set<WatchedCopy> copies = ConcurrentHashMap.newKeySet();

    public CopyWatchdog(Duration limit, LongSupplier nanoClock, Executor aborts) {
        this.limit = limit;
        this.nanoClock = nanoClock;
        this.aborts = aborts;
    }

    /** Watches the writes of one COPY until its {@link WatchedCopy#close}. */
    WatchedCopy watch(CopyFramer.Sink driver, WatchedCopy.Abort abort) {
        WatchedCopy copy = new WatchedCopy(this, driver, abort);
        copies.add(copy);
        return copy;
    }

    void forget(WatchedCopy copy) {
        copies.remove(copy);
    }

    long now() {
        return nanoClock.getAsLong();
    }

    Duration limit() {
        return limit;
    }

    /** Copies being watched (open and not yet closed). */
    public int watched() {
        return copies.size();
    }

    /** Aborts every COPY blocked in one write for longer than the limit; returns how many it aborted. */
    public int check() {
        long now = nanoClock.getAsLong();
        int aborted = 0;
        for (WatchedCopy copy : copies) {
            long blocked = copy.blockedFor(now);
            if (blocked > limit.toNanos() && copy.claimAbort()) {
                aborted++;
                // the request's 503 is logged once per outage by the web layer; this is the detail
                LOG.fine(() -> "aborting a COPY whose driver call has been blocked for " + blocked / 1_000_000 + " ms");
                aborts.execute(copy::abort);
            }
        }
        return aborted;
    }
}
