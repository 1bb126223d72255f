package io.pgvs3.s3.exchange;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Makes Liberty forget a request body read that failed (the client stalled past the read timeout, or hung up
 * mid-body) once the application has seen the failure, so a client's mistake leaves no FFDC incident file.
 *
 * <p>Liberty's HTTP input stream keeps the first read failure and throws it again from every later call,
 * including the {@code close()} the web container makes when the request ends
 * ({@code SRTServletRequest.finish}); that one is caught there and written to an FFDC file of ~47 KB, a new file
 * for every such request. No setting gates it. The answer (400 IncompleteBody, or nothing to a client that is
 * gone) is the application's; the runtime closes the connection because the body was not read to its end.
 *
 * <p>The stored failure lives in a private field of runtime classes: the servlet stream's {@code in}, and that
 * stream's {@code error}. Both are looked up by name and type when a read fails (rare: no cost to a
 * request that reads its body); if a Liberty release changes them, nothing
 * is cleared (one FINE line says so) and the FFDC files come back, which {@code LogHygieneIT} reports
 * (ADR 64).
 */
final class FailedBodyRead {

    private static final Logger LOG = Logger.getLogger(FailedBodyRead.class.getName());

    private FailedBodyRead() {
    }

    /** Clears the failure {@code servletStream}'s runtime stream holds, if it has the known shape. */
    static void forget(InputStream servletStream) {
        try {
            Field inner = field(servletStream.getClass(), "in", InputStream.class);
            Object runtimeStream = inner == null ? null : inner.get(servletStream);
            Field error = runtimeStream == null ? null : field(runtimeStream.getClass(), "error", IOException.class);
            if (error == null) {
                LOG.fine(() -> "no stored read failure to clear in " + servletStream.getClass().getName());
                return;
            }
            error.set(runtimeStream, null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.log(Level.FINE, "the runtime's stored read failure was not cleared", e);
        }
    }

    /** The field {@code name} of {@code type} declared by {@code type} or a superclass, made accessible. */
    private static Field field(Class<?> owner, String name, Class<?> type) {
        for (Class<?> c = owner; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name) && f.getType() == type) {
                    f.setAccessible(true);
                    return f;
                }
            }
        }
        return null;
    }
}
