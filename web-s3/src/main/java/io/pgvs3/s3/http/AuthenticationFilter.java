package io.pgvs3.s3.http;

import io.pgvs3.s3.auth.AuthException;
import io.pgvs3.s3.auth.AuthFailure;
import io.pgvs3.s3.io.AwsChunkedInputStream;
import io.pgvs3.s3.auth.PayloadMode;
import io.pgvs3.s3.auth.SigV4Verifier;
import io.pgvs3.s3.auth.SignedRequest;
import io.pgvs3.s3.auth.VerifiedRequest;
import io.pgvs3.s3.config.S3Config;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * SigV4 on every request of the S3 port. A streaming upload's body is replaced by a decoder that
 * removes the aws-chunked framing and verifies each chunk signature as the store reads it, so framing
 * is never stored and a bad chunk aborts the write before publication.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public class AuthenticationFilter implements ContainerRequestFilter {

    @Inject
    private S3Config config;

    /** The resource reads what this filter learned from servlet request attributes. */
    @Context
    private HttpServletRequest servletRequest;

    private SigV4Verifier verifier;

    @PostConstruct
    void init() {
        verifier = new SigV4Verifier(this::secretFor, config.maxClockSkew());
    }

    private Optional<String> secretFor(String accessKeyId) {
        Optional<String> configured = config.accessKey();
        return configured.isPresent() && configured.get().equals(accessKeyId) ? config.secretKey() : Optional.empty();
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (!config.credentialsConfigured()) {
            throw new AuthException(AuthFailure.ACCESS_DENIED, "This gateway has no credentials configured.");
        }
        VerifiedRequest verified = verifier.verify(new SignedRequest(request.getMethod(),
                request.getUriInfo().getRequestUri().getRawPath(), request.getUriInfo().getRequestUri().getRawQuery(),
                lowerCaseHeaders(request), Instant.now()));
        PayloadMode mode = verified.payloadMode();
        if (mode == PayloadMode.SIGNED) {
            servletRequest.setAttribute(BodyProperties.EXPECTED_SHA256, verified.payloadSha256());
        }
        if (mode.streaming()) {
            long decodedLength = decodedLength(request);
            servletRequest.setAttribute(BodyProperties.DECODED_LENGTH, decodedLength);
            AwsChunkedInputStream decoder = new AwsChunkedInputStream(request.getEntityStream(), mode,
                    verified.chunkSigner(), decodedLength);
            servletRequest.setAttribute(BodyProperties.TRAILERS, (Supplier<Map<String, String>>) decoder::trailers);
            request.setEntityStream(decoder);
        }
    }

    private static long decodedLength(ContainerRequestContext request) {
        String value = request.getHeaderString("x-amz-decoded-content-length");
        if (value == null) {
            throw new AuthException(AuthFailure.MISSING_SECURITY_HEADER,
                    "x-amz-decoded-content-length is required with aws-chunked uploads.");
        }
        try {
            long length = Long.parseLong(value.trim());
            if (length >= 0) {
                return length;
            }
        } catch (NumberFormatException e) {
            // falls through
        }
        throw new AuthException(AuthFailure.INVALID_ARGUMENT, "x-amz-decoded-content-length is not a length.");
    }

    /**
     * HTTP/2 carries the host as the {@code :authority} pseudo-header, which the container does not
     * list among the headers; clients sign it as {@code host}, so it is put back from the request URI.
     */
    private static Map<String, List<String>> lowerCaseHeaders(ContainerRequestContext request) {
        Map<String, List<String>> headers = new HashMap<>();
        request.getHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values));
        if (!headers.containsKey("host")) {
            String authority = request.getUriInfo().getRequestUri().getRawAuthority();
            if (authority != null) {
                headers.put("host", List.of(authority));
            }
        }
        return headers;
    }
}
