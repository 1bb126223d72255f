package io.pgvs3.s3.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RangeHeaderTest {

    @ParameterizedTest(name = "{0} of {1} -> {2}-{3}")
    @CsvSource({
        "bytes=0-0,        100, 0,  0",
        "bytes=0-99,       100, 0,  99",
        "bytes=10-,        100, 10, 99",
        "bytes=50-1000,    100, 50, 99",
        "bytes=-10,        100, 90, 99",
        "bytes=-1000,      100, 0,  99",
        "bytes=8119-8120, 20000, 8119, 8120",
        "BYTES=1-2,        100, 1,  2",
    })
    void resolvesSatisfiableRanges(String header, long size, long first, long last) {
        RangeHeader.Resolution resolution = RangeHeader.resolve(header, size);
        assertFalse(resolution.unsatisfiable());
        assertEquals(first, resolution.range().first());
        assertEquals(last, resolution.range().last());
    }

    @ParameterizedTest
    // S3 answers 416 InvalidRange to any range of an empty object: there is no first byte to serve
    @CsvSource({"bytes=100-, 100", "bytes=200-300, 100", "bytes=-0, 100", "bytes=0-, 0", "bytes=-5, 0", "bytes=0-0, 0"})
    void refusesUnsatisfiableRanges(String header, long size) {
        assertTrue(RangeHeader.resolve(header, size).unsatisfiable());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"items=0-1| 100", "bytes=0-1,5-6| 100", "bytes=5-1| 100", "bytes=a-b| 100",
        "bytes=a-b| 0"})
    void ignoresWhatItCannotUse(String header, long size) {
        RangeHeader.Resolution resolution = RangeHeader.resolve(header, size);
        assertFalse(resolution.unsatisfiable());
        assertNull(resolution.range());
    }

    /** Ranges an origin-backed bucket can serve whole without asking the origin for the object's size first. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"bytes=0-| true", "bytes=000-| true", "bytes= 0 -| true",
        "bytes=0-9223372036854775806| true", "bytes=0-99999999999999999999| true", "bytes=-9223372036854775807| true",
        "items=0-1| true", "bytes=0-1,5-6| true", "bytes=0-9223372036854775805| false", "bytes=0-99| false",
        "bytes=1-| false", "bytes=-10| false", "bytes=-0| false"})
    void coversEveryObjectOnlyWhenNoSizeCanCutIt(String header, boolean covers) {
        assertEquals(covers, RangeHeader.coversEveryObject(header), header);
    }

    /** Found by RangeHeaderPropertyTest: both positions beyond a long used to compare equal and answer 416. */
    @ParameterizedTest
    @CsvSource({"bytes=9999999999999999999999-9223372036854775807, 87", "bytes=20000000000000000000-10000000000000000000, 5"})
    void aLastPositionBelowAHugeFirstIsInvalidAndIgnored(String header, long size) {
        RangeHeader.Resolution resolution = RangeHeader.resolve(header, size);
        assertFalse(resolution.unsatisfiable());
        assertNull(resolution.range());
    }

    /** Found by RangeHeaderPropertyTest: 19 or more digits counted as huge even when most were leading zeros. */
    @ParameterizedTest
    @CsvSource({"bytes=0000000000000000000005-, 87, 5, 86", "bytes=0-00000000000000000000009, 87, 0, 9",
        "bytes=-0000000000000000000003, 87, 84, 86"})
    void leadingZerosDoNotMakeAPositionHuge(String header, long size, long first, long last) {
        RangeHeader.Resolution resolution = RangeHeader.resolve(header, size);
        assertEquals(first, resolution.range().first());
        assertEquals(last, resolution.range().last());
    }
}
