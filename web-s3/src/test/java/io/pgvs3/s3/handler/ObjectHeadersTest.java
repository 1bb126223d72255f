package io.pgvs3.s3.handler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Non-ASCII user metadata goes out RFC 2047-encoded, as S3 returns it (issue 9). */
class ObjectHeadersTest {

    @Test
    void nonAsciiMetadataIsAnEncodedWord() {
        assertEquals("=?UTF-8?B?R3LDvMOfZSDigqw=?=", ObjectHeaders.mailSafe("Grüße €"));
        assertEquals("plain value", ObjectHeaders.mailSafe("plain value"));
    }
}
