package io.pgvs3.s3.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Canonical URI, query and header rules as the S3 SigV4 page states them. */
class CanonicalRequestTest {

    @Test
    void uriIsDecodedOnceAndReEncodedOnce() {
        assertEquals("/bkt/a/b", CanonicalRequest.canonicalUri("/bkt/a%2Fb"), "an encoded slash is a slash, as in S3");
        assertEquals("/bkt/a/b//c", CanonicalRequest.canonicalUri("/bkt/a/b/%2fc"), "the SDK's // escape signs as //");
        assertEquals("/test%24file.text", CanonicalRequest.canonicalUri("/test$file.text"));
        assertEquals("/test%24file.text", CanonicalRequest.canonicalUri("/test%24file.text"));
        assertEquals("/a%2Bb", CanonicalRequest.canonicalUri("/a+b"), "plus is a literal plus");
        assertEquals("/a%20b", CanonicalRequest.canonicalUri("/a%20b"));
        assertEquals("/%E2%82%AC", CanonicalRequest.canonicalUri("/%e2%82%ac"));
        assertEquals("/%E2%82%AC", CanonicalRequest.canonicalUri("/\u20ac"));
        assertEquals("/a-b_c.d~e", CanonicalRequest.canonicalUri("/a%2Db%5Fc%2Ed%7Ee"), "unreserved are unescaped");
    }

    @Test
    void s3DoesNotNormalizeDotSegmentsOrDoubleSlashes() {
        assertEquals("/bkt/./a/../b//c", CanonicalRequest.canonicalUri("/bkt/./a/../b//c"));
        assertEquals("/", CanonicalRequest.canonicalUri(""));
    }

    @Test
    void malformedEscapeIsKeptLiterally() {
        assertEquals("/a%25zz", CanonicalRequest.canonicalUri("/a%zz"));
        assertEquals("/a%25", CanonicalRequest.canonicalUri("/a%"));
    }

    @Test
    void queryIsSortedEncodedAndValuelessParamsGetEquals() {
        assertEquals("a=0&a=1&b=2", CanonicalRequest.canonicalQuery(RequestQuery.parse("b=2&a=1&a=0"), null));
        assertEquals("lifecycle=", CanonicalRequest.canonicalQuery(RequestQuery.parse("lifecycle"), null));
        assertEquals("prefix=a%2Fb", CanonicalRequest.canonicalQuery(RequestQuery.parse("prefix=a/b"), null));
        assertEquals("k=a%2Bb", CanonicalRequest.canonicalQuery(RequestQuery.parse("k=a+b"), null));
        assertEquals("k=a%20b", CanonicalRequest.canonicalQuery(RequestQuery.parse("k=a%20b"), null));
        assertEquals("", CanonicalRequest.canonicalQuery(RequestQuery.parse(null), null));
        assertEquals("X-Amz-Date=1", CanonicalRequest.canonicalQuery(
                RequestQuery.parse("X-Amz-Signature=abc&X-Amz-Date=1"), "X-Amz-Signature"));
        // Sorted by encoded name: upper-case letters sort before lower-case ones.
        assertEquals("Z=1&a=2", CanonicalRequest.canonicalQuery(RequestQuery.parse("a=2&Z=1"), null));
    }

    @Test
    void headerValuesAreTrimmedFoldedAndJoined() {
        assertEquals("a b c", CanonicalRequest.canonicalHeaderValue(List.of("  a   b \t c  ")));
        assertEquals("a,b", CanonicalRequest.canonicalHeaderValue(List.of("a", " b ")));
        assertEquals(",b", CanonicalRequest.canonicalHeaderValue(List.of("", "b")));
    }

    /** Values already in canonical form are taken whole; any blank to trim or fold still is. */
    @Test
    void headerValuesThatNeedNothingStayAsSentAndOthersAreStillFolded() {
        assertEquals("a b c", CanonicalRequest.canonicalHeaderValue(List.of("a b c")));
        assertEquals("a b", CanonicalRequest.canonicalHeaderValue(List.of("a  b")));
        assertEquals("a b", CanonicalRequest.canonicalHeaderValue(List.of("a\tb")));
        assertEquals("a b", CanonicalRequest.canonicalHeaderValue(List.of("a \tb")));
        assertEquals("a", CanonicalRequest.canonicalHeaderValue(List.of("a\n")));
        assertEquals("a", CanonicalRequest.canonicalHeaderValue(List.of("\u000Ba")));
        assertEquals("a\u000Bb", CanonicalRequest.canonicalHeaderValue(List.of("a\u000Bb")),
                "only spaces and tabs fold inside a value");
        assertEquals("x", CanonicalRequest.canonicalHeaderValue(List.of("x")));
        assertEquals("a,b", CanonicalRequest.canonicalHeaderValue(List.of("a", "b")));
    }
}
