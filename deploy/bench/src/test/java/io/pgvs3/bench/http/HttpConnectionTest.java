package io.pgvs3.bench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Response framing against a canned server: each accepted connection answers its requests from a script. */
class HttpConnectionTest {
    private static final byte[] REQUEST = "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

    private ServerSocket server;
    private final AtomicInteger accepted = new AtomicInteger();

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    /** Serves the responses in order, one per request, closing the connection after any "Connection: close". */
    private HttpConnection serve(List<String> responses) throws IOException {
        server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            int next = 0;
            while (next < responses.size()) {
                try (Socket s = server.accept()) {
                    accepted.incrementAndGet();
                    InputStream in = s.getInputStream();
                    OutputStream out = s.getOutputStream();
                    while (next < responses.size()) {
                        readHead(in);
                        String response = responses.get(next++);
                        out.write(response.getBytes(StandardCharsets.ISO_8859_1));
                        out.flush();
                        if (response.contains("Connection: close")) {
                            break;
                        }
                    }
                } catch (IOException e) {
                    return;
                }
            }
        });
        t.setDaemon(true);
        t.start();
        return new HttpConnection("127.0.0.1", server.getLocalPort());
    }

    private static void readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed");
            }
            head.write(b);
        }
    }

    @Test
    void readsLengthChunkedHeadAndInterimAnswersOnOneConnection() throws IOException {
        HttpConnection c = serve(List.of(
                "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n2\r\nde\r\n0\r\nT: v\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 4096\r\n\r\n",
                "HTTP/1.1 404 Not Found\r\ncontent-length: 3\r\n\r\nnop",
                "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\n!"));
        HttpResponse r = new HttpResponse().captureBody();
        c.exchange(REQUEST, null, false, r);
        assertEquals("hello", r.body());
        c.exchange(REQUEST, null, false, r);
        assertEquals("abcde", r.body());
        assertEquals(5, r.bodyBytes());
        c.exchange(REQUEST, null, true, r);
        assertEquals(0, r.bodyBytes());
        c.exchange(REQUEST, null, false, r);
        assertEquals(404, r.status());
        assertEquals("nop", r.body());
        c.exchange(REQUEST, null, false, r);
        assertEquals(201, r.status());
        assertEquals("!", r.body());
        assertEquals(1, c.connects());
    }

    @Test
    void reconnectsAfterTheServerClosed() throws IOException {
        HttpConnection c = serve(List.of(
                "HTTP/1.1 503 Slow Down\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
        HttpResponse r = new HttpResponse();
        c.exchange(REQUEST, null, false, r);
        assertEquals(503, r.status());
        c.exchange(REQUEST, null, false, r);
        assertEquals(200, r.status());
        assertEquals(2, c.connects());
        assertEquals(2, accepted.get());
    }
}
