package io.pgvs3.s3.resource;

import io.pgvs3.s3.error.ErrorResponses;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.handler.Dispatcher;
import io.pgvs3.s3.handler.S3Call;
import io.pgvs3.s3.http.BodyProperties;
import io.pgvs3.s3.exchange.Exchange;
import io.pgvs3.s3.http.RequestIds;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.RejectedExecutionException;

/**
 * The only JAX-RS resource: every path of the S3 port. It routes and hands over; GETs run on the
 * managed response executor so bodies stream without holding a servlet thread.
 */
@Path("{path: .*}")
@RequestScoped
public class S3Resource {

    @Inject
    private Dispatcher dispatcher;

    @Resource(lookup = "concurrent/pgvs3/responses")
    private ManagedExecutorService responses;

    @Context
    private UriInfo uri;
    @Context
    private HttpHeaders headers;
    @Context
    private HttpServletRequest servletRequest;

    /** Errors on the worker thread are answered from facts taken here, on the request's own thread. */
    @GET
    public void get(@Suspended AsyncResponse async) {
        S3Call call = call(null);
        Exchange exchange = Exchange.of(servletRequest);
        ErrorResponses.RequestFacts facts = new ErrorResponses.RequestFacts(call.requestId(), "GET",
                servletRequest.getRequestURI(), exchange::errorCode);
        try {
            responses.execute(() -> {
                try {
                    async.resume(dispatcher.dispatch(call));
                } catch (RuntimeException | Error e) {
                    async.resume(ErrorResponses.of(e, facts));
                }
            });
        } catch (RejectedExecutionException e) {
            async.resume(ErrorResponses.of(new S3Exception(S3ErrorCode.SLOW_DOWN), facts));
        }
    }

    @HEAD
    public Response head() {
        return dispatcher.dispatch(call(null));
    }

    @PUT
    public Response put(InputStream body) {
        return dispatcher.dispatch(call(body));
    }

    @POST
    public Response post(InputStream body) {
        return dispatcher.dispatch(call(body));
    }

    @DELETE
    public Response delete() {
        return dispatcher.dispatch(call(null));
    }

    /** Properties set by the filters (the route among them) travel as servlet request attributes. */
    private S3Call call(InputStream body) {
        return new S3Call(Exchange.of(servletRequest).route(), servletRequest.getMethod(), headers.getRequestHeaders(),
                uri.getQueryParameters(true),
                String.valueOf(servletRequest.getAttribute(RequestIds.ATTRIBUTE)),
                (byte[]) servletRequest.getAttribute(BodyProperties.EXPECTED_SHA256),
                BodyProperties.decodedLength(servletRequest.getAttribute(BodyProperties.DECODED_LENGTH),
                        headers.getHeaderString("Content-Length")), body, trailers());
    }

    @SuppressWarnings("unchecked")
    private Supplier<Map<String, String>> trailers() {
        Object trailers = servletRequest.getAttribute(BodyProperties.TRAILERS);
        return trailers == null ? Map::of : (Supplier<Map<String, String>>) trailers;
    }
}
