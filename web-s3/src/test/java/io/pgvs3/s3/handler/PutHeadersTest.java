package io.pgvs3.s3.handler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Content-Encoding is stored as sent, only aws-chunked (transfer framing) removed (issue 9). */
class PutHeadersTest {

    @Test
    void contentEncodingKeepsItsSpellingUnlessAwsChunkedIsRemoved() {
        assertEquals("deflate, gzip", PutHeaders.withoutAwsChunked("deflate, gzip"));
        assertEquals("gzip", PutHeaders.withoutAwsChunked("aws-chunked,gzip"));
        assertEquals("deflate, gzip", PutHeaders.withoutAwsChunked("deflate, aws-chunked, gzip"));
        assertNull(PutHeaders.withoutAwsChunked("aws-chunked"));
        assertNull(PutHeaders.withoutAwsChunked(null));
    }
}
