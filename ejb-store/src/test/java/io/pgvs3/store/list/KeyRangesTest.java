package io.pgvs3.store.list;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KeyRangesTest {

    private static final String MAX = new String(Character.toChars(Character.MAX_CODE_POINT));

    @Test
    void successorIncrementsTheLastCodePoint() {
        assertEquals("b", KeyRanges.successor("a"));
        assertEquals("a0", KeyRanges.successor("a/"));
        assertEquals("photos0", KeyRanges.successor("photos/"));
        assertEquals(new String(Character.toChars(0x10000)), KeyRanges.successor("\uFFFF"));
    }

    @Test
    void successorSkipsSurrogatesAndCarriesPastTheMaximum() {
        assertEquals("\uE000", KeyRanges.successor("\uD7FF"));
        assertEquals("b", KeyRanges.successor("a" + MAX));
        assertEquals("b", KeyRanges.successor("a" + MAX + MAX));
        assertNull(KeyRanges.successor(MAX));
        assertNull(KeyRanges.successor(""));
    }

    @Test
    void successorBoundsEveryExtensionInUtf8ByteOrder() {
        String p = "x/\u00e9";
        String s = KeyRanges.successor(p);
        for (String ext : new String[] {"", "a", "\u00ff", "\uFFFF", MAX, "\uD83D\uDE00"}) {
            String key = p + ext;
            assertTrue(utf8Compare(key, s) < 0, key);
            assertTrue(utf8Compare(key, p) >= 0, key);
        }
    }

    @Test
    void commonPrefixes() {
        assertEquals("a/", KeyRanges.commonPrefix("a/b/c", "", "/"));
        assertEquals("a/b/", KeyRanges.commonPrefix("a/b/c", "a/", "/"));
        assertNull(KeyRanges.commonPrefix("a/b", "a/", "/"));
        assertEquals("a--", KeyRanges.commonPrefix("a--b", "", "--"));
        assertNull(KeyRanges.commonPrefix("a/b", "", null));
        assertNull(KeyRanges.commonPrefix("a/b", "", ""));
        assertEquals("p/", KeyRanges.commonPrefix("p/", "p", "/"));
    }

    @Test
    void compareIsUtf8ByteOrderNotUtf16Order() {
        String[] keys = {"", "a", "ab", "\u00e9", "\uFFFD", "\uD83D\uDE00", MAX, "z"};
        for (String a : keys) {
            for (String b : keys) {
                assertEquals(Integer.signum(utf8Compare(a, b)), Integer.signum(KeyRanges.compare(a, b)), a + " vs " + b);
            }
        }
    }

    private static int utf8Compare(String a, String b) {
        return java.util.Arrays.compareUnsigned(a.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                b.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
