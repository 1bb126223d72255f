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
 * The request head limits of the S3 endpoint: over pgvs3.http.max-header-bytes (a request or header
 * line) or pgvs3.http.max-headers, the application answers S3's 400 RequestHeaderSectionTooLarge in XML;
 * only beyond the HTTP channel's own ceilings (pgvs3.http.channel.max-field-bytes, 500 header lines)
 * does Liberty answer first, 400 with an empty body and the connection closed.
 */
@ExtendWith(Stack.class)
class HttpLimitsIT {

    private static final int MAX_HEADER_BYTES = 16384;
    private static final int MAX_HEADERS = 100;
    private static final int CHANNEL_MAX_FIELD_BYTES = 65536;
    private static final int CHANNEL_MAX_HEADERS = 500;

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
    void anOversizedHeaderIsAnsweredInS3Xml() throws IOException {
        assertHeadTooLarge(exchange("GET /bucket/key HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n"
                + "x-amz-meta-big: "
                + "a".repeat(MAX_HEADER_BYTES + 1) + "\r\n\r\n"));
    }

    @Test
    void tooManyHeadersAreAnsweredInS3Xml() throws IOException {
        assertHeadTooLarge(exchange(headers(MAX_HEADERS + 50)));
    }

    @Test
    void anOversizedQueryIsAnsweredInS3Xml() throws IOException {
        assertHeadTooLarge(exchange("GET /bucket?prefix=" + "q".repeat(20 * 1024) + " HTTP/1.1\r\nHost: " + host()
                + "\r\nConnection: close\r\n\r\n"));
    }

    @Test
    void aHeaderBeyondTheChannelCeilingIsRefusedBeforeTheApplication() throws IOException {
        assertRefusedByLiberty(exchange("GET /bucket/key HTTP/1.1\r\nHost: " + host() + "\r\nx-amz-meta-big: "
                + "a".repeat(CHANNEL_MAX_FIELD_BYTES + 1) + "\r\n\r\n"));
    }

    @Test
    void headersBeyondTheChannelCeilingAreRefusedBeforeTheApplication() throws IOException {
        assertRefusedByLiberty(exchange(headers(CHANNEL_MAX_HEADERS + 1)));
    }

    @Test
    void aRequestLineBeyondTheChannelCeilingIsRefusedBeforeTheApplication() throws IOException {
        assertRefusedByLiberty(exchange("GET /bucket/" + "k".repeat(CHANNEL_MAX_FIELD_BYTES + 1) + " HTTP/1.1\r\nHost: "
                + host() + "\r\n\r\n"));
    }

    private static String headers(int count) {
        StringBuilder head = new StringBuilder("GET /bucket/key HTTP/1.1\r\nHost: " + host()
                + "\r\nConnection: close\r\n");
        for (int i = 2; i < count; i++) { // Host and Connection are two of them
            head.append("x-h").append(i).append(": v\r\n");
        }
        return head.append("\r\n").toString();
    }

    @Test
    void headersWithinTheLimitsReachTheApplication() throws IOException {
        String answer = exchange("GET /bucket/key HTTP/1.1\r\nHost: " + host() + "\r\nConnection: close\r\n"
                + "x-amz-meta-big: " + "a".repeat(MAX_HEADER_BYTES - 100) + "\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 403"), answer.lines().findFirst().orElse(answer));
        assertTrue(answer.contains("<Code>AccessDenied</Code>"), "the application answered (unsigned request)");
    }

    private static void assertHeadTooLarge(String answer) {
        assertTrue(answer.startsWith("HTTP/1.1 400 "), answer.lines().findFirst().orElse(answer));
        assertTrue(answer.contains("<Code>RequestHeaderSectionTooLarge</Code>"), answer);
        assertTrue(answer.contains("x-amz-request-id"), "the application answered");
    }

    private static void assertRefusedByLiberty(String answer) {
        assertTrue(answer.startsWith("HTTP/1.1 400 "), answer.lines().findFirst().orElse(answer));
        assertTrue(answer.contains("Content-Length: 0"), answer);
        assertTrue(answer.toLowerCase().contains("connection: close"), answer);
        assertEquals(-1, answer.indexOf("x-amz-request-id"), "no application code ran");
    }
}
