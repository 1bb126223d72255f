package io.pgvs3.s3.route;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Regressions found by RoutePropertyTest's strict-decoding oracle. */
class PathPartsTest {

    /** Character.digit reads these as hex digits; S3's percent-encoding knows only ASCII ones. */
    @ParameterizedTest
    @ValueSource(strings = {"a%\uff14\uff11", "a%\u0664\u0661", "a%4\uff21", "a%\uff10\uff10b"})
    void onlyAsciiHexDigitsMakeAnEscape(String raw) {
        assertEquals(S3ErrorCode.INVALID_URI, assertThrows(S3Exception.class, () -> PathParts.decode(raw)).code());
    }

    /** Half a surrogate pair used to become "?" once the path had an escape, and to pass as it was otherwise. */
    @ParameterizedTest
    @ValueSource(strings = {"a%41\ud83d", "\ud83d", "x\ude00y", "%41\ude00\ud83d"})
    void aLoneSurrogateIsInvalidNotAQuestionMark(String raw) {
        assertEquals(S3ErrorCode.INVALID_URI, assertThrows(S3Exception.class, () -> PathParts.decode(raw)).code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a%F0%9F%98%80", "a\ud83d\ude00"})
    void wholeCharactersStillDecode(String raw) {
        assertEquals("a\ud83d\ude00", PathParts.decode(raw));
    }
}
