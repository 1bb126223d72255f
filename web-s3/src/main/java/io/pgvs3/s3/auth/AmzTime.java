package io.pgvs3.s3.auth;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.YearMonth;
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

    /**
     * Parses {@code yyyyMMdd'T'HHmmss'Z'}; null if it is anything else, an impossible date (February 30)
     * included. Read by hand: it runs on every request, and a formatter's parse costs more than the rest
     * of the signature check's string work.
     */
    static Instant parseIsoBasic(String value) {
        if (value == null || value.length() != 16 || value.charAt(8) != 'T' || value.charAt(15) != 'Z') {
            return null;
        }
        int year = digits(value, 0, 4);
        int month = digits(value, 4, 6);
        int day = digits(value, 6, 8);
        int hour = digits(value, 9, 11);
        int minute = digits(value, 11, 13);
        int second = digits(value, 13, 15);
        if (year < 0 || month < 1 || month > 12 || day < 1 || day > YearMonth.of(year, month).lengthOfMonth()
                || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return null;
        }
        return Instant.ofEpochSecond(LocalDate.of(year, month, day).toEpochDay() * 86_400L + hour * 3_600L
                + minute * 60L + second);
    }

    /** The ASCII digits {@code [from, to)} as a number, or -1 if any is not one. */
    private static int digits(String value, int from, int to) {
        int number = 0;
        for (int i = from; i < to; i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            number = number * 10 + (c - '0');
        }
        return number;
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
