package io.pgvs3.s3.http;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** Dates as S3 writes them: RFC 1123 in headers, ISO 8601 with milliseconds in XML. */
public final class HttpDates {

    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
        "Nov", "Dec"};
    private static final DateTimeFormatter XML =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.US).withZone(ZoneOffset.UTC);

    /** The obsolete forms RFC 9110 §5.6.7 still asks recipients to accept: RFC 850 and asctime. */
    private static final DateTimeFormatter[] OBSOLETE = {
        new DateTimeFormatterBuilder().appendPattern("EEEE, dd-MMM-").appendValueReduced(ChronoField.YEAR, 2, 2, 1970)
                .appendPattern(" HH:mm:ss 'GMT'").toFormatter(Locale.US).withZone(ZoneOffset.UTC),
        DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US).withZone(ZoneOffset.UTC)};

    private HttpDates() {
    }

    /** An HTTP-date (IMF-fixdate, RFC 850 or asctime), or null when {@code value} is none of them. */
    public static Instant parse(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String text = value.trim();
        try {
            return DateTimeFormatter.RFC_1123_DATE_TIME.parse(text, Instant::from);
        } catch (DateTimeParseException e) {
            // try the obsolete forms
        }
        for (DateTimeFormatter format : OBSOLETE) {
            try {
                return format.parse(text, Instant::from);
            } catch (DateTimeParseException e) {
                // next form
            }
        }
        return null;
    }

    /**
     * Last-Modified: an IMF-fixdate, whole seconds, GMT ({@code Sun, 06 Nov 1994 08:49:37 GMT}). Written
     * by hand: every object answer carries one, and a {@code DateTimeFormatter} cost about 2 % of the CPU
     * of a small GET.
     */
    public static String header(Instant instant) {
        LocalDateTime time = LocalDateTime.ofEpochSecond(instant.getEpochSecond(), 0, ZoneOffset.UTC);
        StringBuilder out = new StringBuilder(29).append(DAYS[time.getDayOfWeek().ordinal()]).append(", ");
        digits(out, time.getDayOfMonth(), 2).append(' ').append(MONTHS[time.getMonthValue() - 1]).append(' ');
        digits(out, time.getYear(), 4).append(' ');
        digits(out, time.getHour(), 2).append(':');
        digits(out, time.getMinute(), 2).append(':');
        return digits(out, time.getSecond(), 2).append(" GMT").toString();
    }

    /** {@code value} (not negative) in at least {@code width} digits. */
    private static StringBuilder digits(StringBuilder out, int value, int width) {
        for (int pad = width - 1, limit = 10; pad > 0 && value < limit; pad--, limit *= 10) {
            out.append('0');
        }
        return out.append(value);
    }

    /** LastModified / CreationDate in listings: milliseconds, Z. */
    public static String xml(Instant instant) {
        return XML.format(instant.truncatedTo(ChronoUnit.MILLIS));
    }
}
