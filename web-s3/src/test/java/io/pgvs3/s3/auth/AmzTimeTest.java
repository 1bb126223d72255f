package io.pgvs3.s3.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The hand-written x-amz-date parser against what the formatter it replaced accepted and refused. */
class AmzTimeTest {

    @Test
    void aBasicIsoTimeIsItsInstant() {
        assertEquals(Instant.parse("2013-05-24T00:00:00Z"), AmzTime.parseIsoBasic("20130524T000000Z"));
        assertEquals(Instant.parse("2024-02-29T23:59:59Z"), AmzTime.parseIsoBasic("20240229T235959Z"));
        assertEquals(Instant.parse("1999-12-31T12:34:56Z"), AmzTime.parseIsoBasic("19991231T123456Z"));
    }

    @Test
    void theFormatterRoundTrips() {
        Instant now = Instant.ofEpochSecond(1_764_700_000L);
        assertEquals(now, AmzTime.parseIsoBasic(AmzTime.formatIsoBasic(now)));
    }

    @Test
    void anythingElseIsNoTime() {
        for (String bad : new String[] {"20230229T000000Z", "20130230T000000Z", "20131324T000000Z", "20130524T240000Z",
                "20130524T006000Z", "20130524T000060Z", "20130524 000000Z", "20130524T000000", "2013052T000000Z",
                "2013-05-24T00:00:00Z", "2013O524T000000Z", "+2013524T000000Z", "", "20130524T000000z"}) {
            assertNull(AmzTime.parseIsoBasic(bad), bad);
        }
        assertNull(AmzTime.parseIsoBasic(null));
    }
}
