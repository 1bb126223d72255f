package io.pgvs3.s3.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** Dates as S3 writes them: RFC 1123 in headers, ISO 8601 with milliseconds in XML. */
public final class HttpDates {

    private static final DateTimeFormatter HEADER =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter XML =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.US).withZone(ZoneOffset.UTC);

    private HttpDates() {
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
