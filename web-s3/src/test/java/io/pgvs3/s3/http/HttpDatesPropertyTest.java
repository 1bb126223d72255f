package io.pgvs3.s3.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pgvs3.property.Property;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The hand-written Last-Modified date is the IMF-fixdate {@code DateTimeFormatter} writes, for years 1970 to 9999. */
class HttpDatesPropertyTest {

    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    @Test
    void aHeaderDateIsTheImfFixdateOfItsSecond() {
        Property.forAll(random -> Instant.ofEpochSecond(Math.floorMod(random.nextLong(), 253_402_300_800L),
                random.nextInt(1_000_000_000))).tries(5000).check(instant ->
                assertEquals(IMF_FIXDATE.format(instant), HttpDates.header(instant)));
    }

    @Test
    void shortFieldsArePadded() {
        assertEquals("Thu, 01 Jan 1970 00:00:00 GMT", HttpDates.header(Instant.EPOCH));
        assertEquals("Fri, 31 Dec 9999 23:59:59 GMT", HttpDates.header(Instant.parse("9999-12-31T23:59:59.999Z")));
    }
}
