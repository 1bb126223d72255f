package io.pgvs3.s3.http;

import io.pgvs3.s3.auth.AuthException;
import io.pgvs3.s3.auth.AuthFailure;
import io.pgvs3.s3.config.S3Config;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;

/** Refuses plaintext requests that arrived on a non-loopback address (403 AccessDenied), before SigV4. */
@Provider
@PreMatching
@Priority(300)
public class TransportFilter implements ContainerRequestFilter {

    @Inject
    private S3Config config;

    @Context
    private HttpServletRequest servletRequest;

    @Override
    public void filter(ContainerRequestContext request) {
        if (!PlaintextPolicy.permits(servletRequest.isSecure(), servletRequest.getLocalAddr(), config.allowPlaintext())) {
            throw new AuthException(AuthFailure.ACCESS_DENIED, "This gateway refuses plaintext HTTP on "
                    + servletRequest.getLocalAddr() + "; use HTTPS.");
        }
    }
}
