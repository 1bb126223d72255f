package io.pgvs3.store.access;

import io.pgvs3.store.sql.ConnectionProxies;
import io.pgvs3.store.sql.DelegatingDataSource;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The main pool as autocommit reads see it: up to {@code max} of its sessions kept between reads instead of
 * given back after each (docs/adr/0067). A small GET or HEAD is one SELECT, and reserving a pooled connection
 * and giving it back (Liberty's connection manager, its handle, its monitor probes) cost more CPU than that
 * SELECT's own JDBC calls. A read takes the session kept last; closing what it got keeps the session again,
 * unless {@code max} are kept already (then the pool gets it back). Sessions kept unused for {@code idle}
 * go back to the pool at the next {@link #releaseIdle}, so a quiet gateway holds none.
 *
 * <p>Only autocommit reads may come here: they leave nothing on a session (no transaction, no setting) that
 * the pool's cleanup would have undone. A session found closed when its read ends (the pool closed it after
 * its session broke: a terminated backend, a database restart) takes every kept one with it, since they most
 * likely died too; {@code ReadRetry}'s second attempt then meets a fresh session of the pool.
 */
public final class KeptReadSessions extends DelegatingDataSource implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(KeptReadSessions.class.getName());

    /** Most recently kept first: reads take warm sessions, and the least used ones age out at the tail. */
    private final Deque<Kept> kept = new ConcurrentLinkedDeque<>();
    private final AtomicInteger count = new AtomicInteger();
    private final int max;
    private final long idleNanos;
    private final LongSupplier nanoClock;
    private volatile boolean closed;

    /**
     * @param pool      the main pool (its watched handles)
     * @param max       sessions kept at most; 0 gives every session back at once
     * @param idleNanos how long a kept session may stay unused before {@link #releaseIdle} gives it back
     * @param nanoClock {@link System#nanoTime} but in tests
     */
    public KeptReadSessions(DataSource pool, int max, long idleNanos, LongSupplier nanoClock) {
        super(pool);
        if (max < 0 || idleNanos < 0) {
            throw new IllegalArgumentException("max and idle must not be negative");
        }
        this.max = max;
        this.idleNanos = idleNanos;
        this.nanoClock = nanoClock;
    }

    @Override
    public Connection getConnection() throws SQLException {
        Kept session = kept.pollFirst();
        if (session == null) {
            return ConnectionProxies.of(new Lease(target.getConnection()));
        }
        count.decrementAndGet();
        return ConnectionProxies.of(new Lease(session.handle));
    }

    /** Gives back to the pool the sessions kept unused for longer than the idle time (called every second). */
    public void releaseIdle() {
        long now = nanoClock.getAsLong();
        for (Kept oldest; (oldest = kept.peekLast()) != null && now - oldest.since >= idleNanos; ) {
            if (kept.removeLastOccurrence(oldest)) {
                count.decrementAndGet();
                giveBack(oldest.handle);
            }
        }
    }

    /** Gives every kept session back; sessions lent now go back when their reads end. */
    @Override
    public void close() {
        closed = true;
        releaseAll();
    }

    private void releaseAll() {
        for (Kept session; (session = kept.pollFirst()) != null; ) {
            count.decrementAndGet();
            giveBack(session.handle);
        }
    }

    /** A read ended on {@code handle}: keep it, or give it back (the pool closed it, or enough are kept). */
    private void ended(Connection handle) throws SQLException {
        if (handle.isClosed()) {
            releaseAll(); // its session broke: the kept ones' most likely did too
            handle.close(); // tells the breaker (the watched handle)
            return;
        }
        if (closed || !takeSlot()) {
            handle.close();
            return;
        }
        kept.offerFirst(new Kept(handle, nanoClock.getAsLong()));
        if (closed) {
            releaseAll(); // closed while this read ended: nothing may stay kept
        }
    }

    private boolean takeSlot() {
        if (count.incrementAndGet() <= max) {
            return true;
        }
        count.decrementAndGet();
        return false;
    }

    private static void giveBack(Connection handle) {
        try {
            handle.close();
        } catch (SQLException e) {
            LOG.log(Level.FINE, "giving back a kept read session", e);
        }
    }

    /** A session not lent to any read, since when. */
    private record Kept(Connection handle, long since) {
    }

    /** One read's view of a session: its {@code close()} ends the read, once; every other call goes to the session. */
    private final class Lease implements InvocationHandler {

        private final Connection handle;
        private boolean ended;

        Lease(Connection handle) {
            this.handle = handle;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (ConnectionProxies.isClose(method)) {
                if (!ended) {
                    ended = true;
                    ended(handle);
                }
                return null;
            }
            if (ended) { // the session may be another read's by now
                if (method.getName().equals("isClosed")) {
                    return true;
                }
                throw new SQLException("this read's session was closed", "08003");
            }
            return ConnectionProxies.call(handle, method, args);
        }
    }
}
