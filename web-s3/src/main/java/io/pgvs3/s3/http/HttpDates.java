package io.pgvs3.s3.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** Dates as S3 writes them: RFC 1123 in headers, ISO 8601 with milliseconds in XML. */
public final class HttpDates {

    private static final DateTimeFormatter HEADER =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);
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

    /** Last-Modified: whole seconds, GMT. */
    public static String header(Instant instant) {
        return HEADER.format(instant.truncatedTo(ChronoUnit.SECONDS));
    }

    /** LastModified / CreationDate in listings: milliseconds, Z. */
    public static String xml(Instant instant) {
        return XML.format(instant.truncatedTo(ChronoUnit.MILLIS));
    }
}
