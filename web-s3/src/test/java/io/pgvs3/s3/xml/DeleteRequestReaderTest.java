package io.pgvs3.s3.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeleteRequestReaderTest {

    private static DeleteRequest read(String xml) throws DeleteRequestReader.MalformedException {
        return DeleteRequestReader.read(xml.getBytes(StandardCharsets.UTF_8));
    }

    /** The example of the DeleteObjects API reference, plus an ETag condition. */
    @Test
    void readsTheDocumentedShape() throws Exception {
        DeleteRequest request = read("""
                <?xml version="1.0" encoding="UTF-8"?>
                <Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
                  <Object><Key>sample1.txt</Key></Object>
                  <Object><Key>sample2.txt</Key><VersionId>null</VersionId><ETag>"0123"</ETag></Object>
                  <Quiet>true</Quiet>
                </Delete>""");
        assertTrue(request.quiet());
        assertEquals(2, request.objects().size());
        assertEquals(new DeleteRequest.Entry("sample1.txt", null, null, false), request.objects().get(0));
        assertEquals(new DeleteRequest.Entry("sample2.txt", "null", "\"0123\"", false), request.objects().get(1));
    }

    @Test
    void keysKeepWhitespaceAndEscapes() throws Exception {
        DeleteRequest request = read("<Delete><Object><Key> a &amp; b &lt;c&gt; </Key><Size>3</Size></Object></Delete>");
        assertFalse(request.quiet());
        assertEquals(" a & b <c> ", request.objects().get(0).key());
        assertTrue(request.objects().get(0).directoryCondition());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "not xml",
        "<Delete></Delete>",
        "<Delete><Quiet>yes</Quiet><Object><Key>a</Key></Object></Delete>",
        "<Delete><Object><VersionId>1</VersionId></Object></Delete>",
        "<Delete><Object><Key>a</Key><Color>red</Color></Object></Delete>",
        "<Delete><Object><Key>a<b/></Key></Object></Delete>",
        "<Delete><Object><Key>a</Key></Object>text</Delete>",
        "<Remove><Object><Key>a</Key></Object></Remove>",
        "<Delete><Object><Key>a</Key></Object></Delete><Delete/>",
        "<Delete><Object><Key>a</Key></Object>"})
    void malformedShapes(String xml) {
        assertThrows(DeleteRequestReader.MalformedException.class, () -> read(xml));
    }

    @Test
    void atMostAThousandObjects() throws Exception {
        assertEquals(1000, read(objects(1000)).objects().size());
        assertThrows(DeleteRequestReader.MalformedException.class, () -> read(objects(1001)));
    }

    /** XXE: an external entity must neither be read nor expanded; the document is refused. */
    @Test
    void refusesExternalEntities(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "TOP-SECRET");
        String xml = "<?xml version=\"1.0\"?><!DOCTYPE Delete [<!ENTITY xxe SYSTEM \"" + secret.toUri() + "\">]>"
                + "<Delete><Object><Key>&xxe;</Key></Object></Delete>";
        DeleteRequestReader.MalformedException e = assertThrows(DeleteRequestReader.MalformedException.class,
                () -> read(xml));
        assertFalse(e.getMessage().contains("TOP-SECRET"));
    }

    /** Billion laughs: internal entities are refused before any expansion. */
    @Test
    void refusesInternalEntities() {
        String xml = "<?xml version=\"1.0\"?><!DOCTYPE Delete [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>"
                + "<Delete><Object><Key>&b;</Key></Object></Delete>";
        assertThrows(DeleteRequestReader.MalformedException.class, () -> read(xml));
    }

    @Test
    void plainDoctypeIsRefusedToo() {
        assertThrows(DeleteRequestReader.MalformedException.class,
                () -> read("<!DOCTYPE Delete><Delete><Object><Key>a</Key></Object></Delete>"));
    }

    private static String objects(int n) {
        StringBuilder xml = new StringBuilder("<Delete>");
        for (int i = 0; i < n; i++) {
            xml.append("<Object><Key>k").append(i).append("</Key></Object>");
        }
        return xml.append("</Delete>").toString();
    }

    @Test
    void versionIdAbsentIsNull() throws Exception {
        assertNull(read("<Delete><Object><Key>a</Key></Object></Delete>").objects().get(0).versionId());
    }
}
