package io.pgvs3.s3.exchange;

import io.pgvs3.s3.auth.RequestQuery;
import io.pgvs3.s3.http.RequestIds;
import io.pgvs3.s3.route.Route;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One S3 request from its first byte until its response is complete, also when the body is written on
 * another thread: what was read off the wire once (method, raw path, headers, query), what the request
 * path learned (route, error code), the body bytes that crossed the wire, and what must happen once it
 * is over (releasing a stream permit).
 */
public final class Exchange {

    private static final Logger LOG = Logger.getLogger(Exchange.class.getName());

    private final long startNanos = System.nanoTime();
    private final String requestId;
    private final String method;
    private final String rawPath;
    private final String rawQuery;
    private final Map<String, List<String>> headers;
    /** The request's header lines, and the longest of them as sent ({@code name: value}). */
    private final int headerLines;
    private final int longestHeaderLine;
    private final RequestQuery query;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicBoolean finished = new AtomicBoolean();
    private final List<Runnable> onComplete = new CopyOnWriteArrayList<>();
    private volatile Route route;
    private volatile String errorCode;
    /** A write to the client failed: the client went away (or stalled past the write timeout). */
    private volatile boolean clientGone;
    /** The client's address, kept only when the access log is on. */
    private volatile String client;
    /** The response the runtime writes this exchange's answer to, when it runs behind {@link RequestAsSent}. */
    private volatile ExactContentType response;
    /** The container refused the request's URI before the S3 port saw it (see {@link #of}). */
    private final boolean uriRefused;

    Exchange(String requestId, String method, String rawPath, String rawQuery, Map<String, List<String>> headers) {
        this(requestId, method, rawPath, rawQuery, headers, false);
    }

    private Exchange(String requestId, String method, String rawPath, String rawQuery,
                     Map<String, List<String>> headers, boolean uriRefused) {
        this.uriRefused = uriRefused;
        this.requestId = requestId;
        this.method = method;
        this.rawPath = rawPath;
        this.rawQuery = rawQuery;
        this.headers = headers;
        int lines = 0;
        int longest = 0;
        for (Map.Entry<String, List<String>> header : headers.entrySet()) {
            for (String value : header.getValue()) {
                lines++;
                longest = Math.max(longest, header.getKey().length() + 2 + value.length());
            }
        }
        this.headerLines = lines;
        this.longestHeaderLine = longest;
        this.query = RequestQuery.parse(rawQuery);
    }

    /**
     * Reads the request line and headers once; header names are lower-cased, values as the client meant
     * them. A request whose URI the JAX-RS runtime could not parse (RESTEasy answers those with
     * {@code sendError(400)}) comes back as an error dispatch through web.xml's error page, with the
     * client's URI in an attribute; it is marked so that the wire rules answer InvalidURI. {@code request}
     * is the request as sent ({@link RequestAsSent}).
     */
    static Exchange of(HttpServletRequest request) {
        if (request.getDispatcherType() == DispatcherType.ERROR) {
            return new Exchange(RequestIds.newRequestId(), request.getMethod(),
                    String.valueOf(request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI)), null, headers(request),
                    true);
        }
        return new Exchange(RequestIds.newRequestId(), request.getMethod(), request.getRequestURI(),
                request.getQueryString(), headers(request));
    }

    private static Map<String, List<String>> headers(HttpServletRequest request) {
        Map<String, List<String>> headers = new HashMap<>(32);
        for (Enumeration<String> names = request.getHeaderNames(); names.hasMoreElements(); ) {
            String name = names.nextElement();
            List<String> values = headers.computeIfAbsent(name.toLowerCase(Locale.ROOT), n -> new ArrayList<>(1));
            for (Enumeration<String> each = request.getHeaders(name); each.hasMoreElements(); ) {
                values.add(HeaderText.fromWire(each.nextElement()));
            }
        }
        return Collections.unmodifiableMap(headers);
    }

    public String requestId() {
        return requestId;
    }

    public String method() {
        return method;
    }

    /** The request path still percent-encoded, exactly as sent. */
    public String rawPath() {
        return rawPath;
    }

    /** The raw query without {@code ?}, or null. */
    public String rawQuery() {
        return rawQuery;
    }

    /** Headers by lower-case name, values in arrival order. */
    public Map<String, List<String>> headers() {
        return headers;
    }

    void response(ExactContentType written) {
        response = written;
    }

    /** The response the runtime writes to, or null when the request came past {@link RequestAsSent}. */
    ExactContentType response() {
        return response;
    }

    /** Whether the container refused the URI before the S3 port saw it. */
    boolean uriRefused() {
        return uriRefused;
    }

    int headerLines() {
        return headerLines;
    }

    int longestHeaderLine() {
        return longestHeaderLine;
    }

    /** The request line's length as sent: method, target with its query, and the protocol. */
    int requestLineLength() {
        return method.length() + 1 + rawPath.length() + (rawQuery == null ? 0 : 1 + rawQuery.length())
                + " HTTP/1.1".length();
    }

    /** The first value of a header by its lower-case name, or null. */
    public String header(String lowerCaseName) {
        List<String> values = headers.get(lowerCaseName);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    public RequestQuery query() {
        return query;
    }

    public Route route() {
        return route;
    }

    void route(Route route) {
        this.route = route;
    }

    /** The S3 error code the request was answered with, or null. */
    public String errorCode() {
        return errorCode;
    }

    void errorCode(String code) {
        this.errorCode = code;
    }

    /** The operation's AWS name, {@code Unknown} for a request that never reached the router. */
    public String operation() {
        Route current = route;
        return current == null ? "Unknown" : current.operation().awsName();
    }

    /** Runs {@code action} once the response is complete (or immediately, if it already is). */
    void onComplete(Runnable action) {
        onComplete.add(action);
        if (finished.get() && onComplete.remove(action)) {
            action.run();
        }
    }

    void clientGone() {
        clientGone = true;
    }

    boolean isClientGone() {
        return clientGone;
    }

    void client(String address) {
        client = address;
    }

    String client() {
        return client;
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
                    LOG.log(Level.WARNING, "a completion action of request " + requestId + " failed", e);
                }
            }
        }
        return true;
    }
}
