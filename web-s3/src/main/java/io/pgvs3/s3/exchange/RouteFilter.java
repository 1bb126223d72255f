package io.pgvs3.s3.exchange;

import io.pgvs3.s3.route.RouteRequest;
import io.pgvs3.s3.route.S3Router;
import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;

/**
 * Routes every request before it is authenticated, so that the operation labels metrics and drives
 * limits for every answer, refusals included. The resource hands the same route to the dispatcher.
 */
@Provider
@PreMatching
@Priority(200)
public class RouteFilter implements ContainerRequestFilter {

    @Context
    private HttpServletRequest servletRequest;

    @Override
    public void filter(ContainerRequestContext request) {
        Exchange.of(servletRequest).route(S3Router.route(new RouteRequest(request.getMethod(),
                request.getUriInfo().getRequestUri().getRawPath(),
                request.getUriInfo().getQueryParameters(false).keySet(),
                name -> request.getHeaders().containsKey(name))));
    }
}
