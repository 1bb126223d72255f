package io.pgvs3.s3.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class XmlReaderTest {

    private static XmlElement parse(String xml) {
        return XmlReader.parse(xml.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsACompleteMultipartUploadDocumentWithOrWithoutNamespace() {
        for (String ns : List.of("", " xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"")) {
            XmlElement root = parse("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<CompleteMultipartUpload" + ns + ">\n"
                    + "  <Part><PartNumber> 1 </PartNumber><ETag>\"a&amp;b\"</ETag></Part>\n"
                    + "  <!-- a comment --><Part><PartNumber>2</PartNumber><ETag><![CDATA[\"c\"]]></ETag></Part>\n"
                    + "</CompleteMultipartUpload>");
            assertEquals("CompleteMultipartUpload", root.name());
            List<XmlElement> parts = root.children("Part");
            assertEquals(2, parts.size());
            assertEquals("1", parts.get(0).childText("PartNumber"));
            assertEquals("\"a&b\"", parts.get(0).childText("ETag"));
            assertEquals("\"c\"", parts.get(1).childText("ETag"));
        }
    }

    @Test
    void anExternalEntityIsRefusedAndNeverRead(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "TOP-SECRET");
        String xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY xxe SYSTEM \"" + secret.toUri() + "\">]>\n"
                + "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>&xxe;</ETag></Part>"
                + "</CompleteMultipartUpload>";
        XmlInputException e = assertThrows(XmlInputException.class, () -> parse(xxe));
        assertFalse(e.tooLarge());
        assertFalse(String.valueOf(e.getMessage()).contains("TOP-SECRET"));
    }

    @Test
    void anExternalDtdIsNeverFetched() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            listener.setSoTimeout(200);
            String doc = "<?xml version=\"1.0\"?><!DOCTYPE r SYSTEM \"http://127.0.0.1:" + listener.getLocalPort()
                    + "/evil.dtd\"><r/>";
            assertThrows(XmlInputException.class, () -> parse(doc));
            assertThrows(java.net.SocketTimeoutException.class, listener::accept, "nobody connected");
        }
    }

    @Test
    void internalEntityExpansionIsRefused() {
        String laughs = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY a \"aaaaaaaaaa\">"
                + "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]>"
                + "<r>&c;</r>";
        assertThrows(XmlInputException.class, () -> parse(laughs));
    }

    @Test
    void malformedOrOverlyDeepDocumentsAreRefused() {
        assertThrows(XmlInputException.class, () -> parse("<a><b></a>"));
        assertThrows(XmlInputException.class, () -> parse(""));
        assertThrows(XmlInputException.class, () -> parse("not xml"));
        String deep = "<a>".repeat(XmlReader.MAX_DEPTH + 1) + "</a>".repeat(XmlReader.MAX_DEPTH + 1);
        assertThrows(XmlInputException.class, () -> parse(deep));
        String fine = "<a>".repeat(XmlReader.MAX_DEPTH) + "</a>".repeat(XmlReader.MAX_DEPTH);
        assertEquals("a", parse(fine).name());
    }

    @Test
    void bodiesOverTheCapAreTooLarge() throws Exception {
        byte[] exact = new byte[100];
        assertEquals(100, XmlReader.readBody(new ByteArrayInputStream(exact), 100).length);
        XmlInputException e = assertThrows(XmlInputException.class,
                () -> XmlReader.readBody(new ByteArrayInputStream(new byte[101]), 100));
        assertTrue(e.tooLarge());
    }
}
