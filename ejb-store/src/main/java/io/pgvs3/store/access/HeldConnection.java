package io.pgvs3.store.access;

import io.pgvs3.store.api.HeldSession;
import io.pgvs3.store.sql.ConnectionProxies;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A {@link HeldSession}: one connection of a pool, taken on first use and lent to each call through a view
 * whose {@code close()} gives it back to this holder rather than to the pool. A lent connection that the
 * pool closed meanwhile (its session broke, and the pool closed the handle) is closed here too, which is
 * how the breaker hears of it, and the next call takes a fresh one. A call made while the connection is
 * lent out, or after the holder was closed, gets its own from the pool.
 */
final class HeldConnection implements HeldSession, InvocationHandler {

    private static final Logger LOG = Logger.getLogger(HeldConnection.class.getName());

    private final DataSource pool;
    /** Touched by the thread that runs on this holder only (between enter and leave), or when none does. */
    private Connection handle;
    private Connection view;
    private boolean lent;
    /** Guarded by this: a call runs on this holder (between {@link #enter} and {@link #leave}). */
    private boolean inUse;
    /** Guarded by this. */
    private boolean closed;

    HeldConnection(DataSource pool) {
        this.pool = pool;
    }

    synchronized void enter() {
        inUse = true;
    }

    synchronized void leave() {
        inUse = false;
        if (closed) {
            release();
        }
    }

    /**
     * Between enter and leave: the held connection's view, or one of the pool's when the held one is lent out
     * already or this holder was closed. Never blocks {@link #close}: the pool is waited for outside the lock.
     */
    Connection lend() throws SQLException {
        if (lent || isClosed()) {
            return pool.getConnection();
        }
        if (handle != null && handle.isClosed()) {
            release();
        }
        if (handle == null) {
            handle = pool.getConnection();
            view = ConnectionProxies.of(this);
        }
        lent = true;
        return view;
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (ConnectionProxies.isClose(method)) {
            lent = false;
            return null;
        }
        return ConnectionProxies.call(handle, method, args);
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (!inUse) {
            release();
        }
    }

    private void release() {
        Connection c = handle;
        handle = null;
        view = null;
        lent = false;
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (SQLException e) {
            LOG.log(Level.FINE, "giving back a held session", e);
        }
    }
}
