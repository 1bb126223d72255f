package io.pgvs3.s3.http;

import io.pgvs3.store.api.ByteRange;

/**
 * A single {@code Range: bytes=...} request header resolved against an object's size (RFC 9110 §14),
 * as S3 applies it: first-last, open-ended first-, and suffix -n. A header that does not parse, or asks
 * for several ranges, is ignored (the whole object is sent), as RFC 9110 allows.
 */
public final class RangeHeader {

    /** The result of resolving a header: no range (whole object), a range, or unsatisfiable (416). */
    public record Resolution(ByteRange range, boolean unsatisfiable) {

        static final Resolution WHOLE = new Resolution(null, false);
        static final Resolution UNSATISFIABLE = new Resolution(null, true);
    }

    private RangeHeader() {
    }

    public static Resolution resolve(String header, long size) {
        if (header == null) {
            return Resolution.WHOLE;
        }
        String value = header.trim();
        if (!value.regionMatches(true, 0, "bytes=", 0, 6) || value.indexOf(',') >= 0) {
            return Resolution.WHOLE;
        }
        String spec = value.substring(6).trim();
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return Resolution.WHOLE;
        }
        String firstText = spec.substring(0, dash).trim();
        String lastText = spec.substring(dash + 1).trim();
        try {
            if (firstText.isEmpty()) {
                long suffix = parse(lastText);
                if (suffix == 0) {
                    return Resolution.UNSATISFIABLE;
                }
                // an empty object has no byte to serve: S3 answers 416 InvalidRange for any range of it
                return size == 0 ? Resolution.UNSATISFIABLE
                        : new Resolution(new ByteRange(Math.max(0, size - suffix), size - 1), false);
            }
            long first = parse(firstText);
            long last = lastText.isEmpty() ? Long.MAX_VALUE : parse(lastText);
            // compared as written: two positions beyond a long both parse to Long.MAX_VALUE
            if (!lastText.isEmpty() && compareDigits(lastText, firstText) < 0) {
                return Resolution.WHOLE;
            }
            if (first >= size) {
                return Resolution.UNSATISFIABLE;
            }
            return new Resolution(new ByteRange(first, Math.min(last, size - 1)), false);
        } catch (NumberFormatException e) {
            return Resolution.WHOLE;
        }
    }

    /**
     * Whether the header asks for all of any object it can be served on, whatever its size: {@code bytes=0-}
     * (S3FileIO's first read of every file), a last position no object reaches, or a header that is ignored.
     * No size is needed to serve it, so an origin-backed bucket fills a cold object at once rather than
     * asking the origin's HEAD first. An empty object still answers 416 to {@code bytes=0-}, decided once its
     * size is known.
     */
    public static boolean coversEveryObject(String header) {
        Resolution atLargest = resolve(header, Long.MAX_VALUE);
        ByteRange range = atLargest.range();
        return range == null ? !atLargest.unsatisfiable() : range.first() == 0 && range.last() == Long.MAX_VALUE - 1;
    }

    /** The position, or Long.MAX_VALUE for one beyond a long (no object is that large). */
    private static long parse(String digits) {
        if (!AsciiDigits.only(digits)) {
            throw new NumberFormatException(digits);
        }
        try {
            return Long.parseLong(withoutLeadingZeros(digits));
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE; // only an overflow is left to fail here
        }
    }

    /** Orders two digit strings by the numbers they write, however long. */
    private static int compareDigits(String a, String b) {
        String x = withoutLeadingZeros(a);
        String y = withoutLeadingZeros(b);
        return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
    }

    private static String withoutLeadingZeros(String digits) {
        int i = 0;
        while (i < digits.length() - 1 && digits.charAt(i) == '0') {
            i++;
        }
        return digits.substring(i);
    }
}
