package io.pgvs3.s3.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BoundedXmlTest {

    private static InputStream body(String xml) {
        return new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8));
    }

    private static XmlElement parse(String xml) {
        return BoundedXml.parse(body(xml), -1, BoundedXml.DEFAULT_MAX_BYTES);
    }

    @Test
    void aDeleteObjectsBodyBecomesATree() {
        XmlElement delete = parse("""
                <?xml version="1.0" encoding="UTF-8"?>
                <Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
                  <Quiet>true</Quiet>
                  <Object><Key>a &amp; b</Key></Object>
                  <Object><Key><![CDATA[<c>]]></Key><VersionId>v1</VersionId></Object>
                </Delete>""");
        assertEquals("Delete", delete.name());
        assertEquals("true", delete.childText("Quiet"));
        List<XmlElement> objects = delete.children("Object");
        assertEquals(2, objects.size());
        assertEquals("a & b", objects.get(0).childText("Key"));
        assertEquals("<c>", objects.get(1).childText("Key"));
        assertEquals("v1", objects.get(1).childText("VersionId"));
        assertEquals(null, objects.get(0).childText("VersionId"));
    }

    @Test
    void aDeclaredLengthOverTheCapIsRefusedBeforeReading() {
        XmlBodyException e = assertThrows(XmlBodyException.class,
                () -> BoundedXml.parse(InputStream.nullInputStream(), 101, 100));
        assertEquals(XmlBodyException.Kind.TOO_LARGE, e.kind());
    }

    @Test
    void aBodyRunningPastTheCapIsRefusedWhileReading() {
        String xml = "<Delete>" + "<Object><Key>k</Key></Object>".repeat(1000) + "</Delete>";
        XmlBodyException e = assertThrows(XmlBodyException.class, () -> BoundedXml.parse(body(xml), -1, 1024));
        assertEquals(XmlBodyException.Kind.TOO_LARGE, e.kind());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "not xml",
        "<Delete><Object></Delete>",
        "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><d>&x;</d>",
        "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]><d>&b;</d>",
        "<d>&undefined;</d>"})
    void malformedOrDangerousBodiesAreMalformedXml(String xml) {
        XmlBodyException e = assertThrows(XmlBodyException.class, () -> parse(xml));
        assertEquals(XmlBodyException.Kind.MALFORMED, e.kind(), xml);
    }

    @Test
    void deepNestingIsRefused() {
        String xml = "<a>".repeat(BoundedXml.MAX_DEPTH + 1) + "</a>".repeat(BoundedXml.MAX_DEPTH + 1);
        XmlBodyException e = assertThrows(XmlBodyException.class, () -> parse(xml));
        assertTrue(e.getMessage().contains("deeper"), e.getMessage());
        assertEquals("a", parse("<a>".repeat(BoundedXml.MAX_DEPTH) + "</a>".repeat(BoundedXml.MAX_DEPTH)).name());
    }
}
