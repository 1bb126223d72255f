package io.pgvs3.s3.exchange;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;

/**
 * Stands between the web container and the JAX-RS runtime, for two reasons:
 * <ul>
 * <li>RESTEasy parses {@code Content-Type}, {@code Accept} and the language pair of every request before
 * matching, and answers a value it cannot parse with an empty 400 of its own; S3 negotiates nothing and
 * stores any {@code Content-Type} verbatim, malformed ones included. The runtime gets the request without
 * any header (the S3 resources declare no media types and take no header parameters, so it has no use for
 * them).
 * <li>RESTEasy also parses the {@code Content-Type} of every answer with a body and writes it back
 * normalized (or fails on one it cannot parse); S3 answers an object's type exactly as it was stored.
 * The response RESTEasy writes to takes the front door's type verbatim ({@link ExactContentType}).
 * <li>The front door reads the request as sent, and reads it directly: what JAX-RS injects as
 * {@code @Context HttpServletRequest} is a proxy that reaches the request by reflection on every call.
 * The request and its response stay {@link #current} on their thread while the runtime dispatches them.
 * </ul>
 * (A servlet filter, not a JAX-RS one: it must act before RESTEasy reads the headers.)
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true, dispatcherTypes = {DispatcherType.REQUEST, DispatcherType.ERROR})
public class RequestAsSent extends HttpFilter {

    private static final long serialVersionUID = 1L;
    private static final ThreadLocal<Dispatch> CURRENT = new ThreadLocal<>();

    /** The request as sent and the response as the runtime writes it. */
    record Dispatch(HttpServletRequest request, ExactContentType response) {
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Dispatch outer = CURRENT.get(); // an error dispatch may run inside its request's dispatch
        ExactContentType exact = new ExactContentType(response);
        CURRENT.set(new Dispatch(request, exact));
        try {
            chain.doFilter(new WithoutHeaders(request), exact);
        } finally {
            if (outer == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(outer);
            }
        }
    }

    /** The request being dispatched on this thread, as the client sent it, and its response. */
    static Dispatch current() {
        Dispatch dispatch = CURRENT.get();
        if (dispatch == null) {
            throw new IllegalStateException("no S3 request is being dispatched on this thread");
        }
        return dispatch;
    }

    /** Whether a request is being dispatched on this thread (not so on the thread that writes a streamed body). */
    static boolean dispatching() {
        return CURRENT.get() != null;
    }

    /**
     * The request as RESTEasy sees it: the same, without headers. The S3 resources declare no media types and
     * take no header parameters, so the runtime has no use for any header; shown them, RESTEasy copied every
     * one into a header map of its own for each request (JFR: about 2 % of a small GET).
     */
    private static final class WithoutHeaders extends HttpServletRequestWrapper {

        WithoutHeaders(HttpServletRequest sent) {
            super(sent);
        }

        @Override
        public String getHeader(String name) {
            return null;
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return Collections.emptyEnumeration();
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            return Collections.emptyEnumeration();
        }

        @Override
        public int getIntHeader(String name) {
            return -1;
        }

        @Override
        public long getDateHeader(String name) {
            return -1;
        }

        @Override
        public String getContentType() {
            return null;
        }
    }
}
