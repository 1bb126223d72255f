package io.pgvs3.s3.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.pgvs3.s3.http.Preconditions.Outcome;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The RFC 9110 §13.2.2 table as S3 applies it to GET and HEAD. The object has ETag {@code abc} and was
 * last modified at 2024-01-01 12:00:00.400 GMT (sent as 12:00:00). Dates are quoted for the CSV.
 */
class PreconditionsTest {

    private static final Instant MODIFIED = Instant.parse("2024-01-01T12:00:00.400Z");
    private static final String BEFORE = "'Mon, 01 Jan 2024 11:59:59 GMT'";
    private static final String SAME = "'Mon, 01 Jan 2024 12:00:00 GMT'";
    private static final String AFTER = "'Mon, 01 Jan 2024 12:00:01 GMT'";

    @ParameterizedTest(name = "[{index}] {0} | {1} | {2} | {3} => {4} {5}")
    @CsvSource(nullValues = "-", value = {
        // If-Match, If-None-Match, If-Modified-Since, If-Unmodified-Since, outcome, deciding header
        "-,            -,          -,                 -,                 PROCEED,             -",
        "\"abc\",      -,          -,                 -,                 PROCEED,             -",
        "abc,          -,          -,                 -,                 PROCEED,             -",
        "*,            -,          -,                 -,                 PROCEED,             -",
        "'\"x\", \"abc\"',-,        -,                 -,                 PROCEED,             -",
        "\"x\",        -,          -,                 -,                 PRECONDITION_FAILED, If-Match",
        "W/\"abc\",    -,          -,                 -,                 PRECONDITION_FAILED, If-Match",
        "-,            -,          -,                 " + BEFORE + ",    PRECONDITION_FAILED, If-Unmodified-Since",
        "-,            -,          -,                 " + SAME + ",      PROCEED,             -",
        "-,            -,          -,                 not a date,        PROCEED,             -",
        // S3: If-Match true and If-Unmodified-Since false => 200
        "\"abc\",      -,          -,                 " + BEFORE + ",    PROCEED,             -",
        "-,            \"abc\",    -,                 -,                 NOT_MODIFIED,        If-None-Match",
        "-,            W/\"abc\",  -,                 -,                 NOT_MODIFIED,        If-None-Match",
        "-,            *,          -,                 -,                 NOT_MODIFIED,        If-None-Match",
        "-,            \"x\",      -,                 -,                 PROCEED,             -",
        "-,            -,          " + SAME + ",      -,                 NOT_MODIFIED,        If-Modified-Since",
        "-,            -,          " + AFTER + ",     -,                 NOT_MODIFIED,        If-Modified-Since",
        "-,            -,          " + BEFORE + ",    -,                 PROCEED,             -",
        "-,            -,          garbage,           -,                 PROCEED,             -",
        // S3: If-None-Match false and If-Modified-Since true => 304
        "-,            \"abc\",    " + BEFORE + ",    -,                 NOT_MODIFIED,        If-None-Match",
        // If-None-Match present and not matching: If-Modified-Since is ignored
        "-,            \"x\",      " + AFTER + ",     -,                 PROCEED,             -",
        // 412 is decided before 304
        "\"x\",        \"abc\",    -,                 -,                 PRECONDITION_FAILED, If-Match",
        "-,            \"abc\",    -,                 " + BEFORE + ",    PRECONDITION_FAILED, If-Unmodified-Since",
    })
    void table(String ifMatch, String ifNoneMatch, String ifModifiedSince, String ifUnmodifiedSince,
               Outcome outcome, String condition) {
        Preconditions.Result result = Preconditions.evaluate(
                new Preconditions.Headers(ifMatch, ifNoneMatch, ifModifiedSince, ifUnmodifiedSince), "abc", MODIFIED);
        assertEquals(outcome, result.outcome());
        assertEquals(condition, result.condition());
    }

    @Test
    void httpDatesInAllThreeForms() {
        Instant expected = Instant.parse("1994-11-06T08:49:37Z");
        assertEquals(expected, HttpDates.parse("Sun, 06 Nov 1994 08:49:37 GMT"));
        assertEquals(expected, HttpDates.parse("Sunday, 06-Nov-94 08:49:37 GMT"));
        assertEquals(expected, HttpDates.parse("Sun Nov  6 08:49:37 1994"));
        assertNull(HttpDates.parse("2024-01-01T00:00:00Z"));
        assertNull(HttpDates.parse(""));
        assertEquals("Sun, 06 Nov 1994 08:49:37 GMT", HttpDates.header(expected.plusMillis(999)));
    }
}
