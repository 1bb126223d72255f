package io.pgvs3.admin.auth;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;
import java.util.logging.Logger;

/** Every admin request needs the gateway's credentials; anything else is 401 with a Basic challenge. */
@Provider
@Priority(Priorities.AUTHENTICATION)
public class AdminAuthFilter implements ContainerRequestFilter {

    private static final Logger LOG = Logger.getLogger(AdminAuthFilter.class.getName());
    static final String CHALLENGE = "Basic realm=\"pgvs3-admin\", charset=\"UTF-8\"";

    @Inject
    private AdminConfig config;

    @Override
    public void filter(ContainerRequestContext request) {
        Optional<BasicCredentials> expected = config.credentials();
        Optional<BasicCredentials> presented = BasicCredentials.parse(request.getHeaderString(HttpHeaders.AUTHORIZATION));
        if (expected.isPresent() && presented.isPresent() && expected.get().matches(presented.get())) {
            return;
        }
        LOG.fine(() -> "admin request to /" + request.getUriInfo().getPath() + " refused: "
                + (expected.isEmpty() ? "no credentials are configured" : "missing or wrong credentials"));
        request.abortWith(Response.status(Response.Status.UNAUTHORIZED)
                .header(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
                .type(MediaType.TEXT_PLAIN_TYPE)
                .entity("admin endpoints need the gateway's access key and secret key (HTTP Basic)\n")
                .build());
    }
}
