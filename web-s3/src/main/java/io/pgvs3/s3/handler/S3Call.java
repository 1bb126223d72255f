package io.pgvs3.s3.handler;

import io.pgvs3.s3.auth.RequestQuery;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.route.Route;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One routed, authenticated request as the handlers see it.
 *
 * @param headers         request headers by lower-case name, values in arrival order
 * @param query           the query parameters, parsed once for routing, SigV4 and the handlers
 * @param expectedSha256  the payload hash the client signed (32 bytes), or null when unsigned or streamed
 * @param decodedLength   the body length after aws-chunked decoding, or -1 when the client did not say
 * @param body            the decoded body (aws-chunked framing already removed and verified)
 * @param trailers        the aws-chunked trailing headers (lower-case names); complete once the body hit EOF
 */
public record S3Call(Route route, String method, Map<String, List<String>> headers, RequestQuery query,
                     String requestId, byte[] expectedSha256, long decodedLength, InputStream body,
                     Supplier<Map<String, String>> trailers) {

    public String bucket() {
        return route.bucket();
    }

    public String key() {
        return route.key();
    }

    /** The first value of a header; names are matched case-insensitively. */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    public String param(String name) {
        return query.first(name);
    }

    public boolean hasParam(String name) {
        return query.has(name);
    }

    /** An S3 error about this call's bucket and key. */
    public S3Exception error(S3ErrorCode code) {
        return new S3Exception(code, code.message(), bucket(), key(), null);
    }

    public S3Exception error(S3ErrorCode code, String message) {
        return new S3Exception(code, message, bucket(), key(), null);
    }
}
