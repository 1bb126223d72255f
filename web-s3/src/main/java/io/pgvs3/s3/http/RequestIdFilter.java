package io.pgvs3.s3.http;

import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;

/** Gives every request its S3 request id first, and stamps it on every answer. */
@Provider
@PreMatching
@Priority(100)
public class RequestIdFilter implements ContainerRequestFilter, ContainerResponseFilter {

    @Context
    private HttpServletRequest servletRequest;

    @Override
    public void filter(ContainerRequestContext request) {
        String id = RequestIds.newRequestId();
        request.setProperty(RequestIds.ATTRIBUTE, id);
        if (servletRequest != null) {
            servletRequest.setAttribute(RequestIds.ATTRIBUTE, id);
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Object id = request.getProperty(RequestIds.ATTRIBUTE);
        if (id != null && !response.getHeaders().containsKey("x-amz-request-id")) {
            response.getHeaders().putSingle("x-amz-request-id", id);
            response.getHeaders().putSingle("x-amz-id-2", RequestIds.hostId(id.toString()));
        }
        response.getHeaders().putSingle("Server", "pgvs3");
    }
}
