package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.route.Route;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.InputStream;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One routed, authenticated request as the handlers see it.
 *
 * @param headers         request headers (case-insensitive lookups)
 * @param query           decoded query parameters
 * @param expectedSha256  the payload hash the client signed (32 bytes), or null when unsigned or streamed
 * @param decodedLength   the body length after aws-chunked decoding, or -1 when the client did not say
 * @param body            the decoded body (aws-chunked framing already removed and verified)
 * @param trailers        the aws-chunked trailing headers (lower-case names); complete once the body hit EOF
 */
public record S3Call(Route route, String method, MultivaluedMap<String, String> headers,
                     MultivaluedMap<String, String> query, String requestId, byte[] expectedSha256,
                     long decodedLength, InputStream body, Supplier<Map<String, String>> trailers) {

    public S3Call(Route route, String method, MultivaluedMap<String, String> headers,
                  MultivaluedMap<String, String> query, String requestId, byte[] expectedSha256,
                  long decodedLength, InputStream body) {
        this(route, method, headers, query, requestId, expectedSha256, decodedLength, body, Map::of);
    }

    public String bucket() {
        return route.bucket();
    }

    public String key() {
        return route.key();
    }

    public String header(String name) {
        return headers.getFirst(name);
    }

    public String param(String name) {
        return query.getFirst(name);
    }

    public boolean hasParam(String name) {
        return query.containsKey(name);
    }

    /** An S3 error about this call's bucket and key. */
    public S3Exception error(S3ErrorCode code) {
        return new S3Exception(code, code.message(), bucket(), key(), null);
    }

    public S3Exception error(S3ErrorCode code, String message) {
        return new S3Exception(code, message, bucket(), key(), null);
    }
}
