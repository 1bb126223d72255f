package io.pgvs3.s3.handler;

import io.pgvs3.s3.http.S3Response;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The body of a copy answered 200 before it ended, as S3 writes it: the XML declaration at once (which
 * commits the status and headers), a space every interval while the copy runs, then the final document
 * without a declaration of its own. Whitespace may stand between the declaration and the root element,
 * so the whole is one well-formed document; an {@code Error} root is how the SDKs learn of a failure.
 */
final class KeepAliveBody implements S3Response.StreamedBody {

    static final byte[] DECLARATION = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".getBytes(StandardCharsets.US_ASCII);

    private static final byte[] XML_DECL_START = "<?xml".getBytes(StandardCharsets.US_ASCII);

    private final Future<byte[]> document;
    private final long intervalNanos;

    /** {@code document}: the result or Error document, with or without its XML declaration. */
    KeepAliveBody(Future<byte[]> document, Duration interval) {
        this.document = document;
        this.intervalNanos = interval.toNanos();
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        out.write(DECLARATION);
        out.flush();
        byte[] xml = await(out);
        int root = rootStart(xml);
        out.write(xml, root, xml.length - root);
    }

    private byte[] await(OutputStream out) throws IOException {
        while (true) {
            try {
                return document.get(intervalNanos, TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                out.write(' ');
                out.flush(); // a write per interval is what resets the client's read timeout
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for a copy");
            } catch (ExecutionException e) {
                throw new IOException("the copy's answer could not be built", e.getCause());
            }
        }
    }

    /** Where the document continues after its own XML declaration; 0 when it has none. */
    static int rootStart(byte[] xml) {
        if (xml.length < XML_DECL_START.length
                || !Arrays.equals(xml, 0, XML_DECL_START.length, XML_DECL_START, 0, XML_DECL_START.length)) {
            return 0;
        }
        for (int i = XML_DECL_START.length; i + 1 < xml.length; i++) {
            if (xml[i] == '?' && xml[i + 1] == '>') {
                return i + 2;
            }
        }
        return 0;
    }
}
