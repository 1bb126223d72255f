package io.pgvs3.s3.limit;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.exchange.Exchange;
import io.pgvs3.s3.route.Route;
import io.pgvs3.s3.route.S3Operation;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.util.EnumSet;
import java.util.Set;

/**
 * After authentication, a request that streams an object body takes a permit for its whole exchange
 * (released when the response is complete, also for async GETs) or is answered 503 SlowDown.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHORIZATION)
public class StreamLimitFilter implements ContainerRequestFilter {

    static final Set<S3Operation> STREAMING = EnumSet.of(S3Operation.GET_OBJECT, S3Operation.PUT_OBJECT,
            S3Operation.UPLOAD_PART);

    @Inject
    private StreamLimiter limiter;

    @Context
    private HttpServletRequest servletRequest;

    @Override
    public void filter(ContainerRequestContext request) {
        Exchange exchange = Exchange.of(servletRequest);
        Route route = exchange.route();
        if (route == null || !STREAMING.contains(route.operation())) {
            return;
        }
        if (!limiter.tryAcquire()) {
            throw new S3Exception(S3ErrorCode.SLOW_DOWN, S3ErrorCode.SLOW_DOWN.message(), route.bucket(), route.key(),
                    null);
        }
        exchange.onComplete(limiter::release);
    }
}
