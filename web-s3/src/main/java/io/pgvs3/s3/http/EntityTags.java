package io.pgvs3.s3.http;

/**
 * Entity-tag lists of If-Match and If-None-Match: {@code *}, or comma-separated tags, quoted or (as S3
 * also accepts) bare, optionally weak ({@code W/"..."}).
 */
public final class EntityTags {

    private EntityTags() {
    }

    /**
     * Whether {@code header} matches the current (unquoted) ETag. Strong comparison (If-Match) never
     * matches a weak tag; weak comparison (If-None-Match) ignores the {@code W/}.
     */
    public static boolean matches(String header, String etag, boolean weakComparison) {
        for (String member : header.split(",")) {
            String tag = member.trim();
            if (tag.equals("*")) {
                return true;
            }
            boolean weak = tag.startsWith("W/");
            if (weak && !weakComparison) {
                continue;
            }
            if (unquote(weak ? tag.substring(2) : tag).equals(etag)) {
                return true;
            }
        }
        return false;
    }

    /** {@code "abc"} ⇒ {@code abc}; a bare tag is returned as it is. */
    public static String unquote(String tag) {
        String t = tag.trim();
        return t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"") ? t.substring(1, t.length() - 1) : t;
    }
}
