package io.pgvs3.s3.handler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.s3.xml.XmlElement;
import io.pgvs3.s3.xml.XmlReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The whitespace-then-document body of a copy answered 200 early. */
class KeepAliveBodyTest {

    private static final Duration TICK = Duration.ofMillis(1);

    /** Records the body and counts flushes; finishes the copy once it has seen {@code spaces} spaces. */
    private static final class Client extends ByteArrayOutputStream {
        private final CompletableFuture<byte[]> copy;
        private final byte[] document;
        private final int spaces;
        private int seen;
        private int flushes;

        Client(CompletableFuture<byte[]> copy, byte[] document, int spaces) {
            this.copy = copy;
            this.document = document;
            this.spaces = spaces;
        }

        @Override
        public void write(int b) {
            super.write(b);
            if (b == ' ' && ++seen == spaces) {
                copy.complete(document);
            }
        }

        @Override
        public void flush() {
            flushes++;
        }

        String text() {
            return toString(StandardCharsets.UTF_8);
        }
    }

    private static byte[] result() {
        return XmlDocument.s3("CopyObjectResult").element("ETag", "\"abc\"").toBytes();
    }

    @Test
    void theDeclarationGoesOutAtOnceThenASpacePerIntervalThenTheDocumentWithoutItsDeclaration() throws IOException {
        CompletableFuture<byte[]> copy = new CompletableFuture<>();
        Client client = new Client(copy, result(), 3);
        new KeepAliveBody(copy, TICK).writeTo(client);

        String body = client.text();
        String declaration = new String(KeepAliveBody.DECLARATION, StandardCharsets.US_ASCII);
        assertTrue(body.startsWith(declaration + "   <CopyObjectResult"), body);
        assertEquals(1, body.split("<\\?xml", -1).length - 1, "one declaration only: " + body);
        assertEquals(4, client.flushes, "the declaration and each space are flushed to the client");
        XmlElement root = XmlReader.parse(client.toByteArray());
        assertEquals("CopyObjectResult", root.name());
        assertEquals("\"abc\"", root.childText("ETag"));
    }

    @Test
    void anErrorDocumentIsTheWholeBodysRootAsTheSdksExpect() throws IOException {
        byte[] error = XmlDocument.plain("Error").element("Code", "PreconditionFailed").element("Message", "m")
                .element("RequestId", "r1").toBytes();
        CompletableFuture<byte[]> copy = new CompletableFuture<>();
        Client client = new Client(copy, error, 1);
        new KeepAliveBody(copy, TICK).writeTo(client);

        XmlElement root = XmlReader.parse(client.toByteArray());
        assertEquals("Error", root.name());
        assertEquals("PreconditionFailed", root.childText("Code"));
        assertEquals("r1", root.childText("RequestId"));
    }

    @Test
    void aCopyThatEndedMeanwhileGetsNoWhitespace() throws IOException {
        Client client = new Client(new CompletableFuture<>(), null, -1);
        new KeepAliveBody(CompletableFuture.completedFuture(result()), Duration.ofHours(1)).writeTo(client);
        assertTrue(client.text().endsWith("?>\n<CopyObjectResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
                + "<ETag>\"abc\"</ETag></CopyObjectResult>"), client.text());
    }

    @Test
    void aDocumentWithoutDeclarationIsWrittenWhole() {
        byte[] bare = "<Error/>".getBytes(StandardCharsets.US_ASCII);
        assertEquals(0, KeepAliveBody.rootStart(bare));
        assertEquals("<?xml version=\"1.0\"?>".length(),
                KeepAliveBody.rootStart("<?xml version=\"1.0\"?><Error/>".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void aFailedDocumentEndsTheBodyWithAnIoError() {
        CompletableFuture<byte[]> broken = CompletableFuture.failedFuture(new IllegalStateException("no"));
        assertThrows(IOException.class, () -> new KeepAliveBody(broken, TICK).writeTo(new ByteArrayOutputStream()));
    }
}
