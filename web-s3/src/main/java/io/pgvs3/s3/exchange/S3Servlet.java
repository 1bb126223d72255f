package io.pgvs3.s3.exchange;

import io.pgvs3.s3.config.S3Config;
import io.pgvs3.s3.error.ErrorResponses;
import io.pgvs3.s3.error.ErrorTranslator;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.handler.OperationHandlers;
import io.pgvs3.s3.handler.S3Call;
import io.pgvs3.s3.http.S3Response;
import io.pgvs3.s3.limit.ClientDownloads;
import io.pgvs3.s3.limit.StreamLimiter;
import io.pgvs3.s3.metrics.RequestOutcome;
import io.pgvs3.s3.metrics.S3Metrics;
import io.pgvs3.s3.route.Route;
import io.pgvs3.s3.route.RouteRequest;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.s3.route.S3Router;
import io.pgvs3.s3.route.VirtualHostStyle;
import io.pgvs3.store.api.ObjectStore;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Every request of the S3 port, as one visible sequence over one {@link Exchange}: wire rules, route,
 * transport rule, authentication, the read-only rule, admission, handler, answer (docs/adr/0008). Each
 * step returns a value or throws an S3 error, which becomes the answer. In-memory answers (XML, inline
 * objects, HEAD) are written on the request's own thread; a body streamed from the chunk pool goes to the response executor.
 * Uploads into the chunk pool take a stream permit; streamed downloads count against their client's limit.
 */
@WebServlet(name = "pgvs3-s3", urlPatterns = "/*", asyncSupported = true, loadOnStartup = 1)
public class S3Servlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = Logger.getLogger(S3Servlet.class.getName());

    @Inject
    private transient S3Config config;
    @Inject
    private transient OperationHandlers handlers;
    @Inject
    private transient StreamLimiter streams;
    @Inject
    private transient ClientDownloads downloads;
    @Inject
    private transient S3Metrics metrics;
    @Resource(lookup = "concurrent/pgvs3/responses")
    private transient ManagedExecutorService responses;

    private transient Authentication authentication;
    private transient TransportRule transport;
    private transient AccessLog accessLog;

    @Override
    public void init() {
        authentication = new Authentication(config);
        transport = new TransportRule(config.allowPlaintext());
        accessLog = new AccessLog(config.accessLog());
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange exchange = Exchange.of(request);
        if (accessLog.enabled()) {
            exchange.client(request.getRemoteAddr());
        }
        S3Response answer;
        try {
            answer = handle(exchange, request);
        } catch (RuntimeException | Error e) {
            answer = error(exchange, e);
        }
        if (answer.streamed() == null) {
            writeNow(exchange, answer, response);
        } else {
            stream(exchange, answer, request, response);
        }
    }

    /** The request path, in order; each step may answer instead by throwing an S3 error. */
    private S3Response handle(Exchange exchange, HttpServletRequest request) throws IOException {
        WireRules.checkRequest(exchange);
        Route route = route(exchange);
        WireRules.checkDeclaredSize(exchange, route);
        if (route.operation() == S3Operation.POST_OBJECT) {
            // a browser form upload is signed inside its form, which is never read: the same answer
            // whether it carries a signature or not, instead of a misleading AccessDenied
            throw new S3Exception(S3ErrorCode.NOT_IMPLEMENTED, "POST Object (browser form uploads) is not"
                    + " implemented by this gateway; use PutObject.", route.bucket(), null, null);
        }
        transport.check(request.isSecure(), request.getLocalAddr());
        Authentication.Body body = authentication.verify(exchange, requestBody(exchange, request));
        if (config.readOnly() && route.operation().writes()) {
            // after authentication, so a read-only gateway tells strangers nothing more than another would
            throw new S3Exception(S3ErrorCode.ACCESS_DENIED, ErrorTranslator.READ_ONLY_MESSAGE, route.bucket(),
                    route.key(), null);
        }
        if (uploadStreams(route, body.decodedLength())) {
            admit(exchange, route);
        }
        return handlers.handle(new S3Call(route, exchange.method(), exchange.headers(), exchange.query(),
                exchange.requestId(), body.expectedSha256(), body.decodedLength(), body.body(), body.trailers()));
    }

    /** Virtual-hosted-style requests are turned into path style first, so both share one route. */
    private Route route(Exchange exchange) {
        String rawPath = VirtualHostStyle.toPathStyle(exchange.header("host"), config.domains(), exchange.rawPath());
        Route route = S3Router.route(new RouteRequest(exchange.method(), rawPath, exchange.query().names(),
                name -> exchange.headers().containsKey(name.toLowerCase(Locale.ROOT))));
        exchange.route(route);
        return route;
    }

    private static InputStream requestBody(Exchange exchange, HttpServletRequest request) throws IOException {
        String method = exchange.method();
        if (!method.equals("PUT") && !method.equals("POST")) {
            return InputStream.nullInputStream();
        }
        return new CountingServletInputStream(request.getInputStream(), exchange);
    }

    /** Uploads that will stream into the chunk pool; inline bodies (up to 64 KiB) take no permit. */
    private static boolean uploadStreams(Route route, long declaredLength) {
        S3Operation operation = route.operation();
        return operation == S3Operation.UPLOAD_PART
                || (operation == S3Operation.PUT_OBJECT && (declaredLength < 0 || declaredLength > ObjectStore.INLINE_MAX));
    }

    /** Takes a stream permit for the whole upload (released when it finishes) or answers SlowDown. */
    private void admit(Exchange exchange, Route route) {
        if (!streams.tryAcquire()) {
            throw new S3Exception(S3ErrorCode.SLOW_DOWN, S3ErrorCode.SLOW_DOWN.message(), route.bucket(), route.key(),
                    null);
        }
        exchange.onComplete(streams::release);
    }

    /**
     * A streamed body (a GET of more than one small span): admitted against the client's own limit (an
     * answer of SlowDown otherwise), then written on the response executor; the exchange finishes when
     * the async context completes. It takes no stream permit: between piece fetches it holds no
     * database connection, however slowly the client reads.
     */
    private void stream(Exchange exchange, S3Response answer, HttpServletRequest request,
                        HttpServletResponse response) throws IOException {
        String client = request.getRemoteAddr();
        if (!downloads.tryAcquire(client)) {
            Route route = exchange.route();
            writeNow(exchange, error(exchange, new S3Exception(S3ErrorCode.SLOW_DOWN, S3ErrorCode.SLOW_DOWN.message(),
                    route.bucket(), route.key(), null)), response);
            return;
        }
        exchange.onComplete(() -> downloads.release(client));
        ResponseWriter.head(exchange, answer, response);
        AsyncContext async = request.startAsync();
        async.setTimeout(0); // a large body may take long; the channel's write timeout bounds each write
        async.addListener(new Completion(() -> finish(exchange, response)));
        try {
            responses.execute(() -> writeStreamed(exchange, answer, response, async));
        } catch (RejectedExecutionException e) {
            response.reset();
            writeBuffered(exchange, error(exchange, new S3Exception(S3ErrorCode.SLOW_DOWN)), response);
            async.complete();
        }
    }

    private void writeStreamed(Exchange exchange, S3Response answer, HttpServletResponse response, AsyncContext async) {
        try {
            ResponseWriter.streamed(exchange, answer, response);
        } catch (IOException | RuntimeException | Error e) {
            if (!response.isCommitted()) {
                // nothing reached the client yet: it gets a proper error answer
                response.reset();
                writeBuffered(exchange, error(exchange, e), response);
            } else if (exchange.isClientGone()) {
                LOG.log(Level.FINE, "request " + exchange.requestId() + ": the client went away mid-body", e);
            } else {
                LOG.log(Level.WARNING, "request " + exchange.requestId() + " stopped mid-body: " + e);
            }
        } finally {
            async.complete();
        }
    }

    private void writeNow(Exchange exchange, S3Response answer, HttpServletResponse response) throws IOException {
        try {
            ResponseWriter.inMemory(exchange, answer, response);
        } finally {
            finish(exchange, response);
        }
    }

    /** Writes an error answer on a worker thread, where a failed write has no one to report to. */
    private static void writeBuffered(Exchange exchange, S3Response answer, HttpServletResponse response) {
        try {
            ResponseWriter.inMemory(exchange, answer, response);
        } catch (IOException e) {
            LOG.log(Level.FINE, "request " + exchange.requestId() + ": the client went away", e);
        }
    }

    private static S3Response error(Exchange exchange, Throwable failure) {
        return ErrorResponses.of(failure, new ErrorResponses.RequestFacts(exchange.requestId(), exchange.method(),
                exchange.rawPath(), exchange::errorCode));
    }

    private void finish(Exchange exchange, HttpServletResponse response) {
        if (exchange.finish()) {
            long duration = System.nanoTime() - exchange.startNanos();
            metrics.request(new RequestOutcome(exchange.operation(), response.getStatus(), duration,
                    exchange.received(), exchange.sent(), exchange.errorCode()));
            accessLog.record(exchange, response.getStatus(), duration);
        }
    }

    /** Completion, error and timeout all end the exchange. */
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
