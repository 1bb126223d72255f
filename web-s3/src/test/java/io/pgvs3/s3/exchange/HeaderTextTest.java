package io.pgvs3.s3.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Non-ASCII header values are read as the UTF-8 the client signed (issue 9). */
class HeaderTextTest {

    private static String asLibertyHandsItOver(String sent) {
        return new String(sent.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    @Test
    void utf8BytesBecomeTheTextTheClientSent() {
        assertEquals("Grüße €", HeaderText.fromWire(asLibertyHandsItOver("Grüße €")));
    }

    @Test
    void asciiAndNonUtf8ValuesStayAsTheyAre() {
        assertEquals("plain", HeaderText.fromWire("plain"));
        assertEquals("caf\u00e9", HeaderText.fromWire("caf\u00e9"), "one Latin-1 byte is not UTF-8");
    }
}
