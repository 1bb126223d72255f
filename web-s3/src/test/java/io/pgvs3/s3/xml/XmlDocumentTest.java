package io.pgvs3.s3.xml;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Keys and prefixes with control characters come back intact, as S3 writes them (issue 9). */
class XmlDocumentTest {

    @Test
    void controlCharactersAndCarriageReturnsAreCharacterReferences() {
        String xml = XmlDocument.plain("R").element("Prefix", "a\r\nb\u0001c\td<&").toXmlString();
        assertTrue(xml.contains("<Prefix>a&#13;\nb&#1;c\td&lt;&amp;</Prefix>"), xml);
    }
}
