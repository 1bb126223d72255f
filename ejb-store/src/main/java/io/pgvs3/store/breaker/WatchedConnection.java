package io.pgvs3.store.breaker;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
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

    /**
     * The proxy class's constructor, found once: {@code Proxy.newProxyInstance} looks the class up in its
     * class loader's cache on every call, a visible share of a small request's CPU (JFR).
     */
    private static final Constructor<?> PROXY;

    static {
        try {
            PROXY = Proxy.newProxyInstance(WatchedConnection.class.getClassLoader(),
                    new Class<?>[] {Connection.class}, (proxy, method, args) -> null)
                    .getClass().getConstructor(InvocationHandler.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static Connection of(Connection handle, DatabaseBreaker breaker, long obtained) {
        try {
            return (Connection) PROXY.newInstance(new WatchedConnection(handle, breaker, obtained));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the proxy of a pooled connection could not be made", e);
        }
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getName().equals("close") && method.getParameterCount() == 0) {
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
            return method.invoke(handle, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof SQLException failure) {
                breaker.failed(failure, obtained);
            }
            throw e.getCause();
        }
    }
}
