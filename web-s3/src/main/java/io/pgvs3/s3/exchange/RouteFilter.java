package io.pgvs3.s3.exchange;

import io.pgvs3.s3.config.S3Config;
import io.pgvs3.s3.route.RouteRequest;
import io.pgvs3.s3.route.S3Router;
import io.pgvs3.s3.route.VirtualHostStyle;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
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

    @Inject
    private S3Config config;

    /** Virtual-hosted-style requests are turned into path style first, so both share one route. */
    @Override
    public void filter(ContainerRequestContext request) {
        String rawPath = VirtualHostStyle.toPathStyle(request.getHeaderString("Host"), config.domains(),
                request.getUriInfo().getRequestUri().getRawPath());
        Exchange.of(servletRequest).route(S3Router.route(new RouteRequest(request.getMethod(), rawPath,
                request.getUriInfo().getQueryParameters(false).keySet(),
                name -> request.getHeaders().containsKey(name))));
    }
}
