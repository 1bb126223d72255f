package io.pgvs3.store.api;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The {@code x-amz-copy-source-if-*} conditions, evaluated on the source as RFC 9110 §13.2.2 orders
 * them: If-Match, else If-Unmodified-Since; then If-None-Match, else If-Modified-Since. Any field may be
 * null. ETag lists are comma-separated, quoted or not; {@code *} matches any object.
 */
public record CopyConditions(String ifMatch, String ifNoneMatch, Instant ifModifiedSince, Instant ifUnmodifiedSince) {

    public boolean isEmpty() {
        return ifMatch == null && ifNoneMatch == null && ifModifiedSince == null && ifUnmodifiedSince == null;
    }

    /** Whether a source with this ETag (unquoted) and Last-Modified may be copied. */
    public boolean holds(String etag, Instant lastModified) {
        Instant modified = lastModified.truncatedTo(ChronoUnit.SECONDS);
        if (ifMatch != null) {
            if (!listed(ifMatch, etag)) {
                return false;
            }
        } else if (ifUnmodifiedSince != null && modified.isAfter(ifUnmodifiedSince)) {
            return false;
        }
        if (ifNoneMatch != null) {
            return !listed(ifNoneMatch, etag);
        }
        return ifModifiedSince == null || modified.isAfter(ifModifiedSince);
    }

    private static boolean listed(String list, String etag) {
        for (String entry : list.split(",")) {
            String tag = entry.trim();
            if (tag.startsWith("W/")) {
                tag = tag.substring(2);
            }
            if (tag.length() >= 2 && tag.startsWith("\"") && tag.endsWith("\"")) {
                tag = tag.substring(1, tag.length() - 1);
            }
            if (tag.equals("*") || tag.equals(etag)) {
                return true;
            }
        }
        return false;
    }
}
