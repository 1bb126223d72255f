package io.pgvs3.s3.auth;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Builds the SigV4 canonical request string the way S3 (not the generic AWS services) does. */
final class CanonicalRequest {
    private CanonicalRequest() {
    }

    /**
     * @param excludedParam a query parameter left out (X-Amz-Signature for presigned URLs), or null
     */
    static String build(String method, String rawPath, RequestQuery query, String excludedParam,
                        List<String> signedHeaders, Map<String, List<String>> headers, String payloadHash) {
        StringBuilder out = new StringBuilder(256);
        out.append(method).append('\n');
        out.append(canonicalUri(rawPath)).append('\n');
        out.append(canonicalQuery(query, excludedParam)).append('\n');
        for (String name : signedHeaders) {
            out.append(name).append(':').append(canonicalHeaderValue(headers.get(name))).append('\n');
        }
        out.append('\n');
        out.append(String.join(";", signedHeaders)).append('\n');
        out.append(payloadHash);
        return out.toString();
    }

    /**
     * S3's canonical URI is the object path, decoded once and UriEncoded once with {@code /} kept: S3
     * treats {@code %2F} in a key exactly as {@code /} (the AWS SDK for Java v2 sends a key's
     * {@code //} as {@code /%2F} yet signs the plain path). S3 does not normalize {@code .},
     * {@code ..} or {@code //}: they are part of the key.
     */
    static String canonicalUri(String rawPath) {
        if (rawPath.isEmpty()) {
            return "/";
        }
        return UriEncoding.encodePath(UriEncoding.decode(rawPath));
    }

    static String canonicalQuery(RequestQuery query, String excludedParam) {
        List<RequestQuery.Param> params = new ArrayList<>();
        for (RequestQuery.Param p : query.all()) {
            if (!p.name().equals(excludedParam)) {
                params.add(p);
            }
        }
        params.sort(Comparator.comparing(RequestQuery.Param::canonicalName)
                .thenComparing(RequestQuery.Param::canonicalValue));
        StringBuilder out = new StringBuilder();
        for (RequestQuery.Param p : params) {
            if (out.length() > 0) {
                out.append('&');
            }
            out.append(p.canonicalName()).append('=').append(p.canonicalValue());
        }
        return out.toString();
    }

    /** Trims each value, folds runs of blanks into one space, joins repeated headers with commas. */
    static String canonicalHeaderValue(List<String> values) {
        if (values == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (int v = 0; v < values.size(); v++) {
            if (v > 0) {
                out.append(',');
            }
            String trimmed = values.get(v).strip();
            boolean blank = false;
            for (int i = 0; i < trimmed.length(); i++) {
                char c = trimmed.charAt(i);
                if (c == ' ' || c == '\t') {
                    blank = true;
                } else {
                    if (blank) {
                        out.append(' ');
                        blank = false;
                    }
                    out.append(c);
                }
            }
        }
        return out.toString();
    }
}
