package io.pgvs3.store.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The combinations the CopyObject reference documents, and RFC 9110's order. */
class CopyConditionsTest {

    private static final String ETAG = "9b2cf535f27731c974343645a3985328";
    private static final Instant MODIFIED = Instant.parse("2024-05-01T10:00:00.750Z");
    private static final Instant BEFORE = Instant.parse("2024-04-01T00:00:00Z");
    private static final Instant AFTER = Instant.parse("2024-06-01T00:00:00Z");

    @Test
    void ifMatchTrueAndIfUnmodifiedSinceFalseCopies() {
        assertTrue(new CopyConditions("\"" + ETAG + "\"", null, null, BEFORE).holds(ETAG, MODIFIED));
    }

    @Test
    void ifNoneMatchFalseAndIfModifiedSinceTrueFails() {
        assertFalse(new CopyConditions(null, ETAG, BEFORE, null).holds(ETAG, MODIFIED));
    }

    @Test
    void singleConditions() {
        assertFalse(new CopyConditions("\"other\"", null, null, null).holds(ETAG, MODIFIED));
        assertTrue(new CopyConditions("*", null, null, null).holds(ETAG, MODIFIED));
        assertTrue(new CopyConditions("\"x\", \"" + ETAG + "\"", null, null, null).holds(ETAG, MODIFIED));
        assertTrue(new CopyConditions(null, "\"other\"", null, null).holds(ETAG, MODIFIED));
        assertFalse(new CopyConditions(null, "*", null, null).holds(ETAG, MODIFIED));
        assertTrue(new CopyConditions(null, null, BEFORE, null).holds(ETAG, MODIFIED));
        assertFalse(new CopyConditions(null, null, AFTER, null).holds(ETAG, MODIFIED));
        assertTrue(new CopyConditions(null, null, null, AFTER).holds(ETAG, MODIFIED));
        assertFalse(new CopyConditions(null, null, null, BEFORE).holds(ETAG, MODIFIED));
    }

    @Test
    void datesCompareInWholeSeconds() {
        Instant sameSecond = Instant.parse("2024-05-01T10:00:00Z");
        assertTrue(new CopyConditions(null, null, null, sameSecond).holds(ETAG, MODIFIED));
        assertFalse(new CopyConditions(null, null, sameSecond, null).holds(ETAG, MODIFIED));
    }
}
