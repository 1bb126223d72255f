package io.pgvs3.s3.auth;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;

/**
 * The two request-time formats S3 accepts: ISO 8601 basic ({@code x-amz-date}) and RFC 1123 ({@code Date},
 * and the dates of conditional headers).
 */
public final class AmzTime {
    private static final DateTimeFormatter ISO_BASIC =
            DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'").withResolverStyle(ResolverStyle.STRICT);

    private AmzTime() {
    }

    /** Parses {@code yyyyMMdd'T'HHmmss'Z'}; null if it is anything else. */
    static Instant parseIsoBasic(String value) {
        if (value == null) {
            return null;
        }
        try {
            return LocalDateTime.parse(value, ISO_BASIC).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Parses an RFC 1123 date such as {@code Fri, 24 May 2013 00:00:00 GMT}; null if invalid. */
    public static Instant parseRfc1123(String value) {
        if (value == null) {
            return null;
        }
        try {
            return ZonedDateTime.parse(value.strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    static String formatIsoBasic(Instant instant) {
        return ISO_BASIC.format(instant.atOffset(ZoneOffset.UTC).toLocalDateTime());
    }
}
