package io.pgvs3.store.sql;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;

/**
 * Connections that pass through an {@link InvocationHandler} (a watched pooled handle, a held session's view).
 * The proxy class's constructor is found once: {@code Proxy.newProxyInstance} looks the class up in its class
 * loader's cache on every call, a visible share of a small request's CPU (JFR).
 */
public final class ConnectionProxies {

    private static final Constructor<?> PROXY;

    static {
        try {
            PROXY = Proxy.newProxyInstance(ConnectionProxies.class.getClassLoader(),
                    new Class<?>[] {Connection.class}, (proxy, method, args) -> null)
                    .getClass().getConstructor(InvocationHandler.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ConnectionProxies() {
    }

    /** Whether {@code method} is {@link Connection#close()}, the call the handlers here act on. */
    public static boolean isClose(Method method) {
        return method.getName().equals("close") && method.getParameterCount() == 0;
    }

    /** Calls {@code method} on {@code target} as a direct call would: what it throws comes out unwrapped. */
    public static Object call(Connection target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** A connection whose every call goes to {@code handler}. */
    public static Connection of(InvocationHandler handler) {
        try {
            return (Connection) PROXY.newInstance(handler);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("a connection proxy could not be made", e);
        }
    }
}
