package io.pgvs3.s3.exchange;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.route.Route;
import io.pgvs3.s3.route.S3Operation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Regression tests of issue 9's hostile requests that the wire rules refuse before SigV4. */
class WireRulesTest {

    private static Exchange exchange(String target, String query, Map<String, List<String>> headers) {
        return new Exchange("00000000DEADBEEF", "PUT", target, query, headers);
    }

    private static S3ErrorCode refusal(Exchange exchange) {
        return assertThrows(S3Exception.class, () -> WireRules.checkRequest(exchange)).code();
    }

    private static final WireRules.HeadLimits LIMITS = new WireRules.HeadLimits(64, 3);

    private static S3ErrorCode headRefusal(Exchange exchange) {
        return assertThrows(S3Exception.class, () -> WireRules.checkHead(exchange, LIMITS)).code();
    }

    @Test
    void aHeadWithinTheLimitsPasses() {
        // "x-a: " + 59 bytes is a 64-byte line; "PUT /" + 50 + " HTTP/1.1" is a 64-byte request line
        assertDoesNotThrow(() -> WireRules.checkHead(exchange("/" + "k".repeat(50), null,
                Map.of("x-a", List.of("v".repeat(59)), "x-b", List.of("1", "2"))), LIMITS));
    }

    @Test
    void aLongHeaderLineIsRequestHeaderSectionTooLarge() {
        assertEquals(S3ErrorCode.REQUEST_HEADER_SECTION_TOO_LARGE,
                headRefusal(exchange("/b", null, Map.of("x-a", List.of("v".repeat(60))))));
    }

    @Test
    void repeatedHeadersCountAsLines() {
        assertEquals(S3ErrorCode.REQUEST_HEADER_SECTION_TOO_LARGE,
                headRefusal(exchange("/b", null, Map.of("x-a", List.of("1", "2"), "x-b", List.of("3", "4")))));
    }

    @Test
    void aLongQueryMakesALongRequestLine() {
        assertEquals(S3ErrorCode.REQUEST_HEADER_SECTION_TOO_LARGE,
                headRefusal(exchange("/b", "prefix=" + "q".repeat(50), Map.of())));
    }

    @Test
    void anAsteriskTargetIsAnInvalidUri() {
        assertEquals(S3ErrorCode.INVALID_URI, refusal(exchange("*", null, Map.of())));
    }

    @Test
    void aMalformedQueryEscapeIsAnInvalidUri() {
        assertEquals(S3ErrorCode.INVALID_URI, refusal(exchange("/", "x=%%%", Map.of())));
        assertEquals(S3ErrorCode.INVALID_URI, refusal(exchange("/b", "prefix=%4", Map.of())));
        assertDoesNotThrow(() -> WireRules.checkRequest(exchange("/b", "prefix=%41%2F&x", Map.of())));
    }

    /** The twin of PathPartsTest.onlyAsciiHexDigitsMakeAnEscape: Character.digit took fullwidth digits as hex. */
    @Test
    void aQueryEscapeOfNonAsciiDigitsIsAnInvalidUri() {
        assertEquals(S3ErrorCode.INVALID_URI, refusal(exchange("/b", "prefix=%\uff14\uff11", Map.of())));
        assertEquals(S3ErrorCode.INVALID_URI, refusal(exchange("/b", "prefix=%4\u0661", Map.of())));
    }

    @Test
    void aTransferCodingOtherThanChunkedIsRefused() {
        assertEquals(S3ErrorCode.INVALID_REQUEST,
                refusal(exchange("/b/k", null, Map.of("transfer-encoding", List.of("gzip, chunked")))));
        assertEquals(S3ErrorCode.INVALID_REQUEST,
                refusal(exchange("/b/k", null, Map.of("transfer-encoding", List.of("identity")))));
        assertDoesNotThrow(() -> WireRules.checkRequest(exchange("/b/k", null,
                Map.of("transfer-encoding", List.of("Chunked")))));
    }

    @Test
    void aBodyAboveFiveGibibytesIsTooLargeBeforeItIsRead() {
        Route put = new Route(S3Operation.PUT_OBJECT, "b", "k", "PUT");
        S3Exception e = assertThrows(S3Exception.class, () -> WireRules.checkDeclaredSize(
                exchange("/b/k", null, Map.of("content-length", List.of("5368709121"))), put));
        assertEquals(S3ErrorCode.ENTITY_TOO_LARGE, e.code());
        assertEquals("5368709121", e.details().get("ProposedSize"));
        assertThrows(S3Exception.class, () -> WireRules.checkDeclaredSize(exchange("/b/k", null,
                Map.of("x-amz-decoded-content-length", List.of("99999999999999999999999"))),
                new Route(S3Operation.UPLOAD_PART, "b", "k", "PUT")));
        assertDoesNotThrow(() -> WireRules.checkDeclaredSize(
                exchange("/b/k", null, Map.of("content-length", List.of("5368709120"))), put));
        assertDoesNotThrow(() -> WireRules.checkDeclaredSize(exchange("/b", null,
                Map.of("content-length", List.of("5368709121"))), new Route(S3Operation.DELETE_OBJECTS, "b", null, "POST")));
    }

    /** Issue 21: a query value whose escapes are not UTF-8 (a prefix of %AE%8A-) is refused as such a path is. */
    @Test
    void queryEscapesThatAreNotUtf8AreAnInvalidUri() {
        assertEquals(S3ErrorCode.INVALID_URI, refusal(exchange("/b", "prefix=%AE%8A-", Map.of())));
        assertEquals(S3ErrorCode.INVALID_URI, refusal(exchange("/b", "list-type=2&start-after=%C3%28", Map.of())));
        assertEquals(S3ErrorCode.INVALID_URI, refusal(exchange("/b", "%FF=1", Map.of())));
        assertDoesNotThrow(() -> WireRules.checkRequest(exchange("/b", "prefix=%C3%A4%E2%82%AC", Map.of())));
    }
}
