package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import java.nio.charset.StandardCharsets;

/**
 * The paging and naming inputs that listings share: names and markers, page sizes, numeric markers
 * (as query parameters, or as the {@code x-amz-*} headers GetObjectAttributes pages its parts with), and
 * {@code encoding-type=url}.
 */
final class ListingParams {

    private ListingParams() {
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    /**
     * A name or marker parameter (prefix, delimiter, marker, start-after, key-marker, ...), or null. Key
     * text is UTF-8 without NUL (PostgreSQL text cannot hold one), so a NUL can never match a key: it is
     * refused here rather than by the database.
     */
    static String text(S3Call call, String name) {
        String value = call.param(name);
        if (value != null && value.indexOf('\0') >= 0) {
            throw call.error(S3ErrorCode.INVALID_ARGUMENT, "The " + name + " parameter must not contain a NUL character.")
                    .withDetail("ArgumentName", name);
        }
        return value;
    }

    /** A page size such as max-keys: {@code limit} when absent, at most {@code limit}, never negative. */
    static int maxEntries(S3Call call, String name, int limit) {
        return Math.min(nonNegative(call, name, limit), limit);
    }

    /** A non-negative integer parameter, {@code absent} when not sent. */
    static int nonNegative(S3Call call, String name, int absent) {
        return nonNegative(call, name, call.param(name), absent);
    }

    /** A non-negative integer header, {@code absent} when not sent. */
    static int nonNegativeHeader(S3Call call, String name, int absent) {
        return nonNegative(call, name, call.header(name), absent);
    }

    private static int nonNegative(S3Call call, String name, String value, int absent) {
        if (value == null) {
            return absent;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // falls through to S3's error
        }
        throw call.error(S3ErrorCode.INVALID_ARGUMENT, "Provided " + name + " not an integer or within integer range");
    }

    /** {@code encoding-type}: null or {@code url}. */
    static String encodingType(S3Call call) {
        String encoding = call.param("encoding-type");
        if (encoding != null && !"url".equals(encoding)) {
            throw call.error(S3ErrorCode.INVALID_ARGUMENT, "Invalid Encoding Method specified in Request");
        }
        return encoding;
    }

    /**
     * ListObjects (V1)'s Prefix under encoding-type=url: only what a reader could not get back unencoded is
     * escaped ({@code %}, {@code +}, and the control characters and non-characters XML 1.0 cannot carry).
     * SDKs that decode V1's Prefix (the AWS SDK for Java v2) read the same string as from S3's fully
     * encoded one; botocore, which never decodes it, gets back any other prefix as it sent it, a line feed
     * included (s3-tests' test_bucket_list_prefix_unreadable; docs/adr/0049).
     */
    static String encodeV1Prefix(String value, String encodingType) {
        if (value == null || encodingType == null) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length() + 8);
        value.codePoints().forEach(c -> {
            boolean unsafe = c == '%' || c == '+' || c == 0xFFFE || c == 0xFFFF
                    || (c < 0x20 && c != '\t' && c != '\n' && c != '\r');
            out.append(unsafe ? encode(Character.toString(c), encodingType) : Character.toString(c));
        });
        return out.toString();
    }

    /**
     * With encoding-type=url, names go out as S3 encodes them: every byte of their UTF-8 but
     * {@code A-Za-z0-9-._~} and {@code /} as upper-case {@code %XX} (a space is {@code %20}, never
     * {@code +}), so any key survives XML and a strict decoder gets it back byte for byte.
     */
    static String encode(String value, String encodingType) {
        if (value == null || encodingType == null) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length() + 16);
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return out.toString();
    }
}
