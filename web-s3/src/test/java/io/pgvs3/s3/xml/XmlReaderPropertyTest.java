package io.pgvs3.s3.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pgvs3.property.Gen;
import io.pgvs3.property.Property;
import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;

/**
 * The hardened reader of request documents, over valid, damaged and hostile bodies: it returns a tree no
 * deeper than its cap or throws {@link XmlInputException} (MalformedXML), nothing else, without leaking a
 * byte an entity could have read, and within a small allocation whatever the document says.
 */
class XmlReaderPropertyTest {

    /** Parsing a few KiB costs the parser's buffers, never anything a document can choose to inflate. */
    static final long PARSE_ALLOCATION_CAP = 16 << 20;

    @Test
    void anyBodyParsesToABoundedTreeOrIsMalformedXml() {
        Property.forAll(XmlInputs.anyDocument()).tries(2000).maxAllocatedBytesPerTry(PARSE_ALLOCATION_CAP)
                .check(body -> {
                    XmlElement root;
                    try {
                        root = XmlReader.parse(body);
                    } catch (XmlInputException e) {
                        assertFalse(e.tooLarge(), "parse never says too large; readBody does");
                        return;
                    }
                    assertTrue(depth(root) <= XmlReader.MAX_DEPTH);
                    assertFalse(text(root).contains(XmlInputs.LEAK_MARKER), "an entity read a file");
                });
    }

    @Test
    void everyValidDocumentParses() {
        Property.forAll(XmlInputs.validDocument().map(XmlReaderPropertyTest::withoutForeignEncoding)).tries(500)
                .check(body -> assertTrue(XmlReader.parse(body).name().length() > 0));
    }

    @Test
    void readBodyReturnsTheBodyUpToTheCapAndRefusesOneByteMore() {
        Gen<int[]> sizes = random -> new int[] {random.nextInt(5000), 1 + random.nextInt(4096)};
        Property.forAll(sizes).tries(500).check(sizeAndCap -> {
            byte[] body = new byte[sizeAndCap[0]];
            int cap = sizeAndCap[1];
            try {
                assertEquals(body.length, XmlReader.readBody(new ByteArrayInputStream(body), cap).length);
                assertTrue(body.length <= cap);
            } catch (XmlInputException e) {
                assertTrue(e.tooLarge() && body.length > cap, "refused " + body.length + " bytes under a cap of " + cap);
            }
        });
    }

    @Test
    void readBodyOfAnEndlessStreamStopsAtTheCap() {
        Property.forAll(random -> 1 + random.nextInt(XmlReader.MAX_DOCUMENT_BYTES)).tries(20)
                .maxAllocatedBytesPerTry(4L * XmlReader.MAX_DOCUMENT_BYTES).check(cap -> {
                    try {
                        XmlReader.readBody(new EndlessStream(), cap);
                        fail("an endless body was accepted");
                    } catch (XmlInputException e) {
                        assertTrue(e.tooLarge());
                    }
                });
    }

    /** The declared encodings that the bytes (always UTF-8 here) do not match are left out. */
    private static byte[] withoutForeignEncoding(byte[] body) {
        String text = new String(body, java.nio.charset.StandardCharsets.UTF_8);
        return text.replaceFirst(" encoding=\"(UTF-16|x-no-such|EBCDIC-CP-US|US-ASCII|ISO-8859-1)\"", "")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static int depth(XmlElement e) {
        int deepest = 0;
        for (XmlElement child : e.children()) {
            deepest = Math.max(deepest, depth(child));
        }
        return 1 + deepest;
    }

    private static String text(XmlElement e) {
        StringBuilder all = new StringBuilder(e.text());
        e.children().forEach(c -> all.append(text(c)));
        return all.toString();
    }

    /** A body that never ends: what a client streaming garbage at an XML endpoint looks like. */
    private static final class EndlessStream extends java.io.InputStream {
        @Override
        public int read() {
            return 'x';
        }

        @Override
        public int read(byte[] b, int off, int len) {
            java.util.Arrays.fill(b, off, off + len, (byte) 'x');
            return len;
        }
    }
}
