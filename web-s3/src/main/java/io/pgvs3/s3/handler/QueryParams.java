package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Query parameters that listings share: page sizes, numeric markers, and {@code encoding-type=url}. */
final class QueryParams {

    private QueryParams() {
    }

    /** A page size such as max-keys: {@code limit} when absent, at most {@code limit}, never negative. */
    static int maxEntries(S3Call call, String name, int limit) {
        return Math.min(nonNegative(call, name, limit), limit);
    }

    /** A non-negative integer parameter, {@code absent} when not sent. */
    static int nonNegative(S3Call call, String name, int absent) {
        String value = call.param(name);
        if (value == null) {
            return absent;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // falls through to S3's error
        }
        throw call.error(S3ErrorCode.INVALID_ARGUMENT, "Provided " + name + " not an integer or within integer range");
    }

    /** {@code encoding-type}: null or {@code url}. */
    static String encodingType(S3Call call) {
        String encoding = call.param("encoding-type");
        if (encoding != null && !"url".equals(encoding)) {
            throw call.error(S3ErrorCode.INVALID_ARGUMENT, "Invalid Encoding Method specified in Request");
        }
        return encoding;
    }

    /** With encoding-type=url, names go out URL-encoded (space as +, / kept) so any byte survives XML. */
    static String encode(String value, String encodingType) {
        if (value == null || encodingType == null) {
            return value;
        }
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("%2F", "/").replace("*", "%2A")
                .replace("%7E", "~");
    }
}
