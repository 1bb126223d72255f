package io.pgvs3.s3.exchange;

import io.pgvs3.s3.route.Route;
import jakarta.servlet.ServletRequest;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One request from the first filter until its response is complete, also for async GETs whose body is
 * written on another thread: its route, the body bytes that actually crossed the wire, and what must
 * happen once it is over (releasing a stream permit).
 */
public final class Exchange {

    /** The servlet request attribute that carries the exchange. */
    public static final String ATTRIBUTE = "io.pgvs3.exchange";

    private static final Logger LOG = Logger.getLogger(Exchange.class.getName());

    private final long startNanos = System.nanoTime();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicBoolean finished = new AtomicBoolean();
    private final List<Runnable> onComplete = new CopyOnWriteArrayList<>();
    private volatile Route route;
    private volatile String errorCode;

    /** The exchange that {@link ExchangeFilter} started for {@code request}. */
    public static Exchange of(ServletRequest request) {
        Object exchange = request.getAttribute(ATTRIBUTE);
        if (exchange instanceof Exchange e) {
            return e;
        }
        throw new IllegalStateException("no exchange on this request: is ExchangeFilter installed?");
    }

    public Route route() {
        return route;
    }

    public void route(Route route) {
        this.route = route;
    }

    /** The S3 error code the request was answered with, or null. */
    public String errorCode() {
        return errorCode;
    }

    public void errorCode(String code) {
        this.errorCode = code;
    }

    /** The operation's AWS name, {@code Unknown} for a request that never reached the router. */
    public String operation() {
        Route current = route;
        return current == null ? "Unknown" : current.operation().awsName();
    }

    /** Runs {@code action} once the response is complete (or immediately, if it already is). */
    public void onComplete(Runnable action) {
        onComplete.add(action);
        if (finished.get() && onComplete.remove(action)) {
            action.run();
        }
    }

    long startNanos() {
        return startNanos;
    }

    void received(long bytes) {
        received.addAndGet(bytes);
    }

    void sent(long bytes) {
        sent.addAndGet(bytes);
    }

    long received() {
        return received.get();
    }

    long sent() {
        return sent.get();
    }

    /** Marks the exchange complete and runs the completion actions; true only the first time. */
    boolean finish() {
        if (!finished.compareAndSet(false, true)) {
            return false;
        }
        for (Runnable action : onComplete) {
            if (onComplete.remove(action)) {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "a completion action of a request failed", e);
                }
            }
        }
        return true;
    }
}
