package io.pgvs3.s3.exchange;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Locale;
import java.util.Set;

/**
 * Keeps the negotiation headers ({@code Content-Type}, {@code Accept} and the language pair) away from
 * the JAX-RS runtime. RESTEasy parses all four of every request before matching and answers a value it
 * cannot parse with an empty 400 of its own; S3 negotiates nothing and stores any {@code Content-Type}
 * verbatim, malformed ones included. The S3 resources declare no media types, so the runtime has no use
 * for these headers; the front door reads them, like everything else, from the {@link #original}
 * request. (A servlet filter, not a JAX-RS one: it must act before RESTEasy reads the headers.)
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true, dispatcherTypes = {DispatcherType.REQUEST, DispatcherType.ERROR})
public class NegotiationShield extends HttpFilter {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        chain.doFilter(new WithoutNegotiation(request), response);
    }

    /**
     * The request as the client sent it: beneath the shield's wrapper, wherever the runtime's own
     * wrappers put it.
     */
    static HttpServletRequest original(HttpServletRequest request) {
        for (ServletRequest each = request; each instanceof ServletRequestWrapper wrapper; each = wrapper.getRequest()) {
            if (wrapper instanceof WithoutNegotiation shielded) {
                return shielded.sent;
            }
        }
        return request;
    }

    /** The request as RESTEasy sees it: the same, without the four negotiation headers. */
    private static final class WithoutNegotiation extends HttpServletRequestWrapper {

        private static final Set<String> HIDDEN = Set.of("content-type", "accept", "accept-language",
                "content-language");

        private final HttpServletRequest sent;

        WithoutNegotiation(HttpServletRequest sent) {
            super(sent);
            this.sent = sent;
        }

        private static boolean hidden(String name) {
            return name != null && HIDDEN.contains(name.toLowerCase(Locale.ROOT));
        }

        @Override
        public String getHeader(String name) {
            return hidden(name) ? null : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return hidden(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            return Collections.enumeration(Collections.list(super.getHeaderNames()).stream()
                    .filter(name -> !hidden(name)).toList());
        }

        @Override
        public String getContentType() {
            return null;
        }
    }
}
