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
            appendCanonicalHeaderValue(out.append(name).append(':'), headers.get(name));
            out.append('\n');
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
        if (UriEncoding.isEncodedPath(rawPath)) {
            return rawPath; // decoding changes nothing and encoding keeps every character: the common key
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

    /**
     * Trims each value, folds runs of blanks into one space, joins repeated headers with commas: the rule
     * {@link #build} appends, as a string (the tests pin the rule through it).
     */
    static String canonicalHeaderValue(List<String> values) {
        StringBuilder out = new StringBuilder();
        appendCanonicalHeaderValue(out, values);
        return out.toString();
    }

    /** {@link #canonicalHeaderValue} appended to {@code out}; a value with nothing to trim or fold as a whole. */
    private static void appendCanonicalHeaderValue(StringBuilder out, List<String> values) {
        if (values == null) {
            return;
        }
        for (int v = 0; v < values.size(); v++) {
            if (v > 0) {
                out.append(',');
            }
            String value = values.get(v);
            if (isCanonical(value)) {
                out.append(value);
                continue;
            }
            String trimmed = value.strip();
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
    }

    /** Whether a value is its own canonical form: nothing to strip at its ends, no tab, no run of spaces. */
    private static boolean isCanonical(String value) {
        if (value.isEmpty()) {
            return true;
        }
        int last = value.length() - 1;
        if (Character.isWhitespace(value.charAt(0)) || Character.isWhitespace(value.charAt(last))) {
            return false;
        }
        for (int i = 1; i < last; i++) {
            char c = value.charAt(i);
            if (c == '\t' || (c == ' ' && value.charAt(i + 1) == ' ')) {
                return false;
            }
        }
        return true;
    }
}
