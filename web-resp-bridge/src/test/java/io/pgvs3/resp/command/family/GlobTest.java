package io.pgvs3.resp.command.family;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The examples of Redis' KEYS documentation, and the corners of stringmatchlen. */
class GlobTest {

    private static boolean m(String pattern, String s) {
        return Glob.matches(pattern.getBytes(StandardCharsets.ISO_8859_1), s.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void redisDocumentationExamples() {
        for (String s : new String[] {"hello", "hallo", "hxllo"}) {
            assertEquals(true, m("h?llo", s), s);
        }
        assertEquals(true, m("h*llo", "hllo"));
        assertEquals(true, m("h*llo", "heeeello"));
        assertEquals(true, m("h[ae]llo", "hallo"));
        assertEquals(false, m("h[ae]llo", "hillo"));
        assertEquals(true, m("h[^e]llo", "hallo"));
        assertEquals(false, m("h[^e]llo", "hello"));
        assertEquals(true, m("h[a-b]llo", "hbllo"));
        assertEquals(false, m("h[a-b]llo", "hcllo"));
    }

    @Test
    void escapesEmptyStringsAndUnclosedClasses() {
        assertEquals(true, m("a\\*b", "a*b"));
        assertEquals(false, m("a\\*b", "axb"));
        assertEquals(false, m("*", ""), "as stringmatchlen: KEYS * and MATCH * never match, they skip matching");
        assertEquals(false, m("?", ""));
        assertEquals(true, m("[b-a]", "a"), "reversed ranges work");
        assertEquals(true, m("ab[c", "abc"), "an unclosed class ends at the pattern's end (redis-server 7.0 agrees)");
    }

    @Test
    void pathologicalPatternsFinishQuickly() {
        String s = "a".repeat(5000);
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertEquals(false, m("*a*a*a*a*a*a*a*a*a*b", s)));
    }
}
