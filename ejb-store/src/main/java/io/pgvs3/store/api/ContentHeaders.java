package io.pgvs3.store.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The standard HTTP headers S3 keeps with an object besides Content-Type and returns on GET/HEAD,
 * stored as sent (Expires too: S3 echoes an unparsable value rather than refusing it). Null means absent.
 */
public record ContentHeaders(String cacheControl, String contentDisposition, String contentEncoding,
                             String contentLanguage, String expires) {

    public static final ContentHeaders NONE = new ContentHeaders(null, null, null, null, null);

    /** Header name → value of the present ones, in a fixed order. */
    public Map<String, String> asMap() {
        Map<String, String> headers = new LinkedHashMap<>();
        put(headers, "Cache-Control", cacheControl);
        put(headers, "Content-Disposition", contentDisposition);
        put(headers, "Content-Encoding", contentEncoding);
        put(headers, "Content-Language", contentLanguage);
        put(headers, "Expires", expires);
        return headers;
    }

    /** The inverse of {@link #asMap()}; names are matched case-insensitively, unknown ones ignored. */
    public static ContentHeaders of(Map<String, String> headers) {
        if (headers == null || headers.isEmpty()) {
            return NONE;
        }
        String[] values = new String[5];
        headers.forEach((name, value) -> {
            switch (name.toLowerCase(java.util.Locale.ROOT)) {
                case "cache-control" -> values[0] = value;
                case "content-disposition" -> values[1] = value;
                case "content-encoding" -> values[2] = value;
                case "content-language" -> values[3] = value;
                case "expires" -> values[4] = value;
                default -> {
                    // not a content header
                }
            }
        });
        return new ContentHeaders(values[0], values[1], values[2], values[3], values[4]);
    }

    private static void put(Map<String, String> headers, String name, String value) {
        if (value != null) {
            headers.put(name, value);
        }
    }
}
