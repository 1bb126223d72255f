package io.pgvs3.store.breaker;

import io.pgvs3.store.sql.ConnectionProxies;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * A pooled connection handle that tells the breaker when its session was lost, so that the breaker checks
 * whether the database is: a connection method failing at connection level, or the handle found already
 * closed when its user closes it (the pool closes a handle whose session failed fatally, whichever
 * statement, result set or COPY saw it). Everything else, {@code unwrap} included, goes to the handle
 * unchanged.
 */
final class WatchedConnection implements InvocationHandler {

    private final Connection handle;
    private final DatabaseBreaker breaker;
    private final long obtained;
    private boolean closed;

    private WatchedConnection(Connection handle, DatabaseBreaker breaker, long obtained) {
        this.handle = handle;
        this.breaker = breaker;
        this.obtained = obtained;
    }

    static Connection of(Connection handle, DatabaseBreaker breaker, long obtained) {
        return ConnectionProxies.of(new WatchedConnection(handle, breaker, obtained));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (ConnectionProxies.isClose(method)) {
            if (closed) {
                return null;
            }
            closed = true;
            if (handle.isClosed()) {
                breaker.sessionLost("a pooled session broke", obtained);
                return null;
            }
        }
        try {
            return ConnectionProxies.call(handle, method, args);
        } catch (SQLException failure) {
            breaker.failed(failure, obtained);
            throw failure;
        }
    }
}
