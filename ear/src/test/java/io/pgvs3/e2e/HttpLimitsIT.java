package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Liberty's own answers to requests over the S3 endpoint's header limits (pgvs3.http.max-header-bytes,
 * pgvs3.http.max-headers): 400 with an empty body and the connection closed, before the application.
 * S3 would answer 400 too, with an XML body; docs/operations.md records the difference.
 */
@ExtendWith(Stack.class)
class HttpLimitsIT {

    private static final int MAX_HEADER_BYTES = 16384;
    private static final int MAX_HEADERS = 100;

    private static String exchange(String head) throws IOException {
        URI endpoint = URI.create(Stack.s3Endpoint(0));
        try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    private static String host() {
        URI endpoint = URI.create(Stack.s3Endpoint(0));
        return endpoint.getHost() + ":" + endpoint.getPort();
    }

    @Test
    void anOversizedHeaderIsRefusedBeforeTheApplication() throws IOException {
        String answer = exchange("GET /bucket/key HTTP/1.1\r\nHost: " + host() + "\r\nx-amz-meta-big: "
                + "a".repeat(MAX_HEADER_BYTES + 1) + "\r\n\r\n");
        assertRefusedByLiberty(answer);
    }

    @Test
    void tooManyHeadersAreRefusedBeforeTheApplication() throws IOException {
        StringBuilder head = new StringBuilder("GET /bucket/key HTTP/1.1\r\nHost: " + host() + "\r\n");
        for (int i = 0; i <= MAX_HEADERS; i++) {
            head.append("x-h").append(i).append(": v\r\n");
        }
        assertRefusedByLiberty(exchange(head.append("\r\n").toString()));
    }

    @Test
    void anOversizedRequestLineIsRefusedBeforeTheApplication() throws IOException {
        assertRefusedByLiberty(exchange("GET /bucket/" + "k".repeat(MAX_HEADER_BYTES + 1) + " HTTP/1.1\r\nHost: "
                + host() + "\r\n\r\n"));
    }

    @Test
    void headersWithinTheLimitsReachTheApplication() throws IOException {
        String answer = exchange("GET /bucket/key HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n"
                + "x-amz-meta-big: " + "a".repeat(MAX_HEADER_BYTES - 100) + "\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 403"), answer.lines().findFirst().orElse(answer));
        assertTrue(answer.contains("<Code>AccessDenied</Code>"), "the application answered (unsigned request)");
    }

    private static void assertRefusedByLiberty(String answer) {
        assertTrue(answer.startsWith("HTTP/1.1 400 "), answer.lines().findFirst().orElse(answer));
        assertTrue(answer.contains("Content-Length: 0"), answer);
        assertTrue(answer.toLowerCase().contains("connection: close"), answer);
        assertEquals(-1, answer.indexOf("x-amz-request-id"), "no application code ran");
    }
}
