package io.pgvs3.s3.exchange;

import io.pgvs3.s3.http.RequestIds;
import io.pgvs3.s3.metrics.RequestOutcome;
import io.pgvs3.s3.metrics.S3Metrics;
import jakarta.inject.Inject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;

/**
 * The outermost layer of every S3 request: starts its {@link Exchange}, counts body bytes where they
 * cross the servlet boundary, and finishes the exchange when the response is complete. A GET whose body
 * streams on the response executor completes later, through the async context's listener, so its
 * latency and bytes include the whole body.
 */
@WebFilter(filterName = "pgvs3-exchange", urlPatterns = "/*", asyncSupported = true)
public class ExchangeFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    @Inject
    private transient S3Metrics metrics;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Exchange exchange = new Exchange();
        request.setAttribute(Exchange.ATTRIBUTE, exchange);
        Runnable finish = () -> finish(exchange, request, response);
        try {
            chain.doFilter(new Request(request, exchange, finish), new Response(response, exchange));
        } finally {
            if (!request.isAsyncStarted()) {
                finish.run();
            }
        }
    }

    private void finish(Exchange exchange, HttpServletRequest request, HttpServletResponse response) {
        if (exchange.finish()) {
            Object errorCode = exchange.errorCode() != null ? exchange.errorCode()
                    : request.getAttribute(RequestIds.ERROR_CODE_ATTRIBUTE);
            metrics.request(new RequestOutcome(exchange.operation(), response.getStatus(),
                    System.nanoTime() - exchange.startNanos(), exchange.received(), exchange.sent(),
                    errorCode == null ? null : errorCode.toString()));
        }
    }

    /** Counts what the application reads, and follows the request into async mode. */
    private static final class Request extends HttpServletRequestWrapper {

        private final Exchange exchange;
        private final Runnable finish;
        private ServletInputStream in;

        Request(HttpServletRequest request, Exchange exchange, Runnable finish) {
            super(request);
            this.exchange = exchange;
            this.finish = finish;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (in == null) {
                in = new CountingServletInputStream(super.getInputStream(), exchange);
            }
            return in;
        }

        @Override
        public AsyncContext startAsync() {
            return follow(super.startAsync());
        }

        @Override
        public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
            return follow(super.startAsync(request, response));
        }

        private AsyncContext follow(AsyncContext context) {
            context.addListener(new Completion(finish));
            return context;
        }
    }

    /** Counts what the application writes. */
    private static final class Response extends HttpServletResponseWrapper {

        private final Exchange exchange;
        private ServletOutputStream out;

        Response(HttpServletResponse response, Exchange exchange) {
            super(response);
            this.exchange = exchange;
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            if (out == null) {
                out = new CountingServletOutputStream(super.getOutputStream(), exchange);
            }
            return out;
        }
    }

    /** Completion, error and timeout all end the exchange; a restarted async context keeps the listener. */
    private record Completion(Runnable finish) implements AsyncListener {

        @Override
        public void onComplete(AsyncEvent event) {
            finish.run();
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            finish.run();
        }

        @Override
        public void onError(AsyncEvent event) {
            finish.run();
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            event.getAsyncContext().addListener(this);
        }
    }
}
