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
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.CompletionCallback;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.RejectedExecutionException;

/**
 * Every request of the S3 port, as one visible sequence over one {@link Exchange}: wire rules, route,
 * transport rule, authentication, the read-only rule, admission, handler, answer (docs/adr/0048). Each
 * step returns a value or throws an S3 error, which becomes the answer. In-memory answers (XML, inline
 * objects, HEAD) are answered from the request's own thread; a GET's body streamed from the chunk pool
 * is written on the response executor. Uploads into the chunk pool take a stream permit; streamed
 * bodies count against their client's download limit.
 */
@ApplicationScoped
public class FrontDoor {

    /**
     * The request attribute that says the front door has taken the request; once it is answered on the
     * request thread, its {@link SyncAnswer}.
     */
    static final String TAKEN = FrontDoor.class.getName();

    @Inject
    S3Config config;
    @Inject
    OperationHandlers handlers;
    @Inject
    StreamLimiter streams;
    @Inject
    ClientDownloads downloads;
    @Inject
    S3Metrics metrics;
    @Resource(lookup = "concurrent/pgvs3/responses")
    ManagedExecutorService responses;

    private Authentication authentication;
    private TransportRule transport;
    private AccessLog accessLog;
    private WireRules.HeadLimits headLimits;
    /** The configuration a request reads, read once: through the config bean's proxy it cost each request. */
    private List<String> domains;
    private boolean readOnly;

    @PostConstruct
    void init() {
        headLimits = new WireRules.HeadLimits(config.maxHeaderBytes(), config.maxHeaders());
        authentication = new Authentication(config);
        transport = new TransportRule(config.allowPlaintext());
        accessLog = new AccessLog(config.accessLog());
        domains = config.domains();
        readOnly = config.readOnly();
    }

    /**
     * Answers the request being dispatched on this thread, as the sub-resource that hands the answer to
     * JAX-RS: suspended for a GET's body streamed from the chunk pool, on this thread otherwise. Public
     * because the resource calls it through this bean's CDI client proxy, which reaches a package-private
     * method by reflection.
     */
    public Object answer() {
        RequestAsSent.Dispatch dispatch = RequestAsSent.current();
        Response answer = answer(dispatch);
        if (answer.getEntity() instanceof StreamedAnswer body && "GET".equals(dispatch.request().getMethod())) {
            return new AsyncAnswer(answer, body, this);
        }
        SyncAnswer sync = new SyncAnswer(answer);
        dispatch.request().setAttribute(TAKEN, sync);
        return sync;
    }

    /**
     * Answers on this thread, also for a request the runtime dispatched without {@link RequestAsSent}'s
     * filter; a streamed body (a long copy's keep-alive document) is written here too.
     */
    Response answer(RequestAsSent.Dispatch dispatch) {
        HttpServletRequest request = dispatch.request();
        Exchange exchange = open(dispatch);
        S3Response answer = handleOrError(exchange, request);
        if (answer.streamed() == null) {
            return inMemory(exchange, answer);
        }
        return streamed(exchange, answer, request.getRemoteAddr());
    }

    /** Resumes a suspended GET with its streamed body on the response executor. */
    void resume(AsyncResponse response, Response streamed, StreamedAnswer body) {
        // however the response ends (written, failed, or never resumed because the client went away),
        // the exchange ends with it and its download permit is returned
        response.register((CompletionCallback) failure -> body.abandon());
        try {
            responses.execute(() -> response.resume(streamed));
        } catch (RejectedExecutionException e) {
            body.abandon();
            Exchange exchange = body.exchange();
            exchange.response().reset(); // the streamed answer's headers are written already
            response.resume(inMemory(exchange, error(exchange, new S3Exception(S3ErrorCode.SLOW_DOWN))));
        }
    }

    private Exchange open(RequestAsSent.Dispatch dispatch) {
        HttpServletRequest request = dispatch.request();
        request.setAttribute(TAKEN, Boolean.TRUE);
        Exchange exchange = Exchange.of(request);
        exchange.response(dispatch.response());
        if (accessLog.enabled()) {
            exchange.client(request.getRemoteAddr());
        }
        return exchange;
    }

    private S3Response handleOrError(Exchange exchange, HttpServletRequest request) {
        try {
            return handle(exchange, request);
        } catch (RuntimeException | Error e) {
            return error(exchange, e);
        }
    }

    /** The request path, in order; each step may answer instead by throwing an S3 error. */
    private S3Response handle(Exchange exchange, HttpServletRequest request) {
        WireRules.checkHead(exchange, headLimits);
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
        if (readOnly && route.operation().writes()) {
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
        String rawPath = VirtualHostStyle.toPathStyle(exchange.header("host"), domains, exchange.rawPath());
        Route route = S3Router.route(new RouteRequest(exchange.method(), rawPath, exchange.query().names(),
                name -> exchange.headers().containsKey(name.toLowerCase(Locale.ROOT))));
        exchange.route(route);
        return route;
    }

    private static InputStream requestBody(Exchange exchange, HttpServletRequest request) {
        String method = exchange.method();
        if (!method.equals("PUT") && !method.equals("POST")) {
            return InputStream.nullInputStream();
        }
        try {
            return new CountingServletInputStream(request.getInputStream(), exchange);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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

    /** An in-memory answer; the exchange is over once the answer is built (its bytes are what it sends). */
    private Response inMemory(Exchange exchange, S3Response answer) {
        if (Answers.hasBody(exchange, answer)) {
            exchange.sent(answer.length());
        }
        finish(exchange, answer.status());
        return Answers.inMemory(exchange, answer);
    }

    /**
     * A streamed body, admitted against the client's own limit (an in-memory SlowDown otherwise). It
     * takes no stream permit: between piece fetches it holds no database connection, however slowly the
     * client reads.
     */
    private Response streamed(Exchange exchange, S3Response answer, String client) {
        if (!downloads.tryAcquire(client)) {
            Route route = exchange.route();
            return inMemory(exchange, error(exchange, new S3Exception(S3ErrorCode.SLOW_DOWN,
                    S3ErrorCode.SLOW_DOWN.message(), route.bucket(), route.key(), null)));
        }
        exchange.onComplete(() -> downloads.release(client));
        return Answers.of(exchange, answer, new StreamedAnswer(exchange, answer, this));
    }

    S3Response error(Exchange exchange, Throwable failure) {
        return ErrorResponses.of(failure, new ErrorResponses.RequestFacts(exchange.requestId(), exchange.method(),
                exchange.rawPath(), exchange::errorCode));
    }

    /** Records the request's metrics and access log line and runs its completion actions, once. */
    void finish(Exchange exchange, int status) {
        if (exchange.finish()) {
            long duration = System.nanoTime() - exchange.startNanos();
            metrics.request(new RequestOutcome(exchange.operation(), status, duration, exchange.received(),
                    exchange.sent(), exchange.errorCode()));
            accessLog.record(exchange, status, duration);
        }
    }
}
