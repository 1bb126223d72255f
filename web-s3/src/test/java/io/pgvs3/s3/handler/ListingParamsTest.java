package io.pgvs3.s3.handler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.s3.auth.RequestQuery;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.route.Route;
import io.pgvs3.s3.route.S3Operation;
import java.io.InputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Listing parameters: S3's URL encoding and the names a database could not hold (issue 9). */
class ListingParamsTest {

    static S3Call call(String rawQuery) {
        return new S3Call(new Route(S3Operation.LIST_OBJECTS_V2, "b", null, "GET"), "GET", Map.of(),
                RequestQuery.parse(rawQuery), "00000000DEADBEEF", null, -1, InputStream.nullInputStream(), Map::of);
    }

    @Test
    void urlEncodingWritesASpaceAsPercentTwentyAndKeepsSlashes() {
        assertEquals("a%20b/c%2Bd%2A~%25", ListingParams.encode("a b/c+d*~%", "url"));
        assertEquals("%C3%A4%0D%0A%01", ListingParams.encode("ä\r\n\u0001", "url"));
        assertEquals("a b", ListingParams.encode("a b", null));
        assertNull(ListingParams.encode(null, "url"));
    }

    @Test
    void aNulInANameParameterIsInvalidArgumentNotADatabaseError() {
        for (String name : new String[] {"prefix", "marker", "start-after", "key-marker", "delimiter"}) {
            S3Exception e = assertThrows(S3Exception.class,
                    () -> ListingParams.text(call(name + "=a%00b"), name));
            assertEquals(S3ErrorCode.INVALID_ARGUMENT, e.code());
        }
        assertEquals("a\u0001b", ListingParams.text(call("prefix=a%01b"), "prefix"));
    }

    @Test
    void aContinuationTokenHidingANulIsIncorrect() {
        String token = ContinuationTokens.encode("a\0b");
        S3Exception e = assertThrows(S3Exception.class, () -> ContinuationTokens.decode(call(""), token));
        assertEquals(S3ErrorCode.INVALID_ARGUMENT, e.code());
    }

    @Test
    void anOverlongContentTypeIsInvalidArgument() {
        S3Call call = new S3Call(new Route(S3Operation.PUT_OBJECT, "b", "k", "PUT"), "PUT",
                Map.of("content-type", java.util.List.of("a/" + "b".repeat(1100))), RequestQuery.parse(null),
                "00000000DEADBEEF", null, 1, InputStream.nullInputStream(), Map::of);
        assertEquals(S3ErrorCode.INVALID_ARGUMENT, assertThrows(S3Exception.class, () -> PutHeaders.contentType(call)).code());
    }

    /**
     * Issue 21: V1's Prefix escapes only what XML 1.0 or a URL decoder would not give back; decoding it
     * always yields the prefix, as decoding S3's fully encoded one does.
     */
    @Test
    void aV1PrefixEscapesOnlyWhatItCannotCarry() {
        assertEquals("a\nb c/\u00e9\t\r", ListingParams.encodeV1Prefix("a\nb c/\u00e9\t\r", "url"));
        assertEquals("a%2Bb%25c%01\u007f", ListingParams.encodeV1Prefix("a+b%c\u0001\u007f", "url"));
        assertEquals("%EF%BF%BF", ListingParams.encodeV1Prefix("\uffff", "url"));
        assertEquals("a+b", ListingParams.encodeV1Prefix("a+b", null));
        assertNull(ListingParams.encodeV1Prefix(null, "url"));
        for (String prefix : new String[] {"a\nb", "x+y %z", "e\u0001", "\u00e9t\u00e9/"}) {
            String decoded = java.net.URLDecoder.decode(ListingParams.encodeV1Prefix(prefix, "url"),
                    java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(prefix, decoded);
        }
    }
}
