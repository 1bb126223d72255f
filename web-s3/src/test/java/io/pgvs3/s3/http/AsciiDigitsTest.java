package io.pgvs3.s3.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AsciiDigitsTest {

    @Test
    void digitsOnlyAndAtLeastOne() {
        assertTrue(AsciiDigits.only("0"));
        assertTrue(AsciiDigits.only("5368709120"));
        assertFalse(AsciiDigits.only(""));
        assertFalse(AsciiDigits.only("-1"));
        assertFalse(AsciiDigits.only("+1"));
        assertFalse(AsciiDigits.only("1 "));
        assertFalse(AsciiDigits.only("1e3"));
        assertFalse(AsciiDigits.only("١٢")); // Arabic-Indic digits are digits to Character, not to HTTP
    }
}
