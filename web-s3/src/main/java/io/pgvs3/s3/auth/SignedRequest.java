package io.pgvs3.s3.auth;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The parts of an HTTP request that SigV4 covers, exactly as they came off the wire.
 *
 * @param method     HTTP method, upper case
 * @param rawPath    the request path still percent-encoded (e.g. {@code /bkt/a%2Fb}); decoding it
 *                   first would make {@code a%2Fb} and {@code a/b} sign alike
 * @param query      the query string, parsed
 * @param headers    header names in lower case, values in arrival order
 * @param receivedAt when the gateway received the request; all time checks use it, not the clock
 */
public record SignedRequest(String method, String rawPath, RequestQuery query,
                            Map<String, List<String>> headers, Instant receivedAt) {
    public SignedRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(rawPath, "rawPath");
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(receivedAt, "receivedAt");
    }

    /** @param rawQuery the raw query string without {@code ?}, or null */
    public static SignedRequest of(String method, String rawPath, String rawQuery, Map<String, List<String>> headers,
                                   Instant receivedAt) {
        return new SignedRequest(method, rawPath, RequestQuery.parse(rawQuery), headers, receivedAt);
    }
}
