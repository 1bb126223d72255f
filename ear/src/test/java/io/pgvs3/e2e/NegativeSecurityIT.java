package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Hostile requests over raw sockets (issue 9): each gets a clean S3 XML 4xx, never a 500, a retryable
 * 503 or a stack trace in the gateway's log. Where Liberty refuses a request before the application
 * (control characters in the path), the test pins what Liberty answers and that nothing is logged.
 */
@ExtendWith(Stack.class)
class NegativeSecurityIT {

    private static final String BUCKET = "negative-security";
    private static URI endpoint;

    @BeforeAll
    static void bucket() {
        endpoint = URI.create(Stack.s3Endpoint(0));
        try (S3Client s3 = Clients.s3(0)) {
            s3.createBucket(b -> b.bucket(BUCKET));
        }
    }

    private static String host() {
        return endpoint.getHost() + ":" + endpoint.getPort();
    }

    /** An unsigned request: these must be refused before anyone looks for credentials. */
    private static RawHttp.Response unsigned(String requestLine, String... headers) throws Exception {
        StringBuilder head = new StringBuilder(requestLine).append("\r\nHost: ").append(host()).append("\r\n");
        for (String header : headers) {
            head.append(header).append("\r\n");
        }
        return RawHttp.exchange(endpoint, head.append("Connection: close\r\n\r\n").toString(), new byte[0]);
    }

    private static RawHttp.Response signedGet(String path, String canonicalQuery) throws Exception {
        return SignedRawRequest.of("GET", endpoint, path, canonicalQuery, 0, SignedRawRequest.sha256Hex(new byte[0]),
                Map.of()).send(endpoint, new byte[0]);
    }

    private static void assertS3Error(RawHttp.Response answer, int status, String code) throws Exception {
        assertEquals(status, answer.status(), answer.body());
        assertTrue(answer.headers().getOrDefault("content-type", "").startsWith("application/xml"), answer.toString());
        assertTrue(answer.body().contains("<Code>" + code + "</Code>"), answer.body());
        assertNothingLogged(answer.headers().get("x-amz-request-id"));
    }

    /** The gateway logs a failure with its request id; a refused hostile request leaves no such line. */
    private static void assertNothingLogged(String requestId) throws Exception {
        if (requestId != null) {
            assertFalse(Stack.gatewayLog(0).contains(requestId), "request " + requestId + " was logged");
        }
    }

    @Test
    void aMalformedQueryEscapeIsInvalidUriWithoutCredentials() throws Exception {
        assertS3Error(unsigned("GET /?x=%%% HTTP/1.1"), 400, "InvalidURI");
        assertS3Error(unsigned("GET /" + BUCKET + "?prefix=%G1 HTTP/1.1"), 400, "InvalidURI");
    }

    @Test
    void asteriskTargetsAreInvalidUri() throws Exception {
        assertS3Error(unsigned("OPTIONS * HTTP/1.1"), 400, "InvalidURI");
        assertS3Error(unsigned("GET * HTTP/1.1"), 400, "InvalidURI");
    }

    @Test
    void theHttp2PrefaceIsRefused() throws Exception {
        RawHttp.Response answer = RawHttp.exchange(endpoint, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", new byte[0]);
        assertEquals(400, answer.status(), answer.body());
        assertTrue(answer.body().contains("<Code>InvalidURI</Code>"), answer.body());
    }

    @Test
    void invalidUtf8InThePathIsInvalidUri() throws Exception {
        assertS3Error(unsigned("GET /" + BUCKET + "/%FF HTTP/1.1"), 400, "InvalidURI");
        assertS3Error(unsigned("GET /" + BUCKET + "/%C3%28 HTTP/1.1"), 400, "InvalidURI");
    }

    /**
     * Issue 21: escapes that are not UTF-8 ({@code %AE%8A-}) name no key, in whichever part of the URI
     * they are and whatever the method or addressing style: 400 InvalidURI, never a 404 for a key or a
     * listing under a prefix the client did not send.
     */
    @Test
    void escapesThatAreNotUtf8AreInvalidUriWhereverTheyAre() throws Exception {
        for (String method : new String[] {"GET", "PUT", "DELETE", "POST"}) {
            assertS3Error(unsigned(method + " /" + BUCKET + "/%AE%8A- HTTP/1.1"), 400, "InvalidURI");
        }
        assertEquals(400, unsigned("HEAD /" + BUCKET + "/%AE%8A- HTTP/1.1").status());
        assertS3Error(unsigned("GET /%AE%8A- HTTP/1.1"), 400, "InvalidURI");
        assertS3Error(RawHttp.exchange(endpoint, "GET /%AE%8A- HTTP/1.1\r\nHost: " + BUCKET + "."
                + Stack.VIRTUAL_HOST_DOMAIN + ":" + endpoint.getPort() + "\r\nConnection: close\r\n\r\n", new byte[0]),
                400, "InvalidURI");
        assertS3Error(signedGet("/" + BUCKET + "/%AE%8A-", ""), 400, "InvalidURI");
        assertS3Error(signedGet("/" + BUCKET, "prefix=%AE%8A-"), 400, "InvalidURI");
        assertS3Error(signedGet("/" + BUCKET, "list-type=2&start-after=%AE%8A-"), 400, "InvalidURI");
        assertS3Error(signedGet("/" + BUCKET, "delimiter=%AE&marker=a"), 400, "InvalidURI");
    }

    /**
     * Liberty's web container decodes and canonicalizes the path before any application code runs and
     * offers no setting for either (docs/adr/0025): decoded control characters and DEL, and escapes that
     * are not {@code %} and two hex digits, get its own 400 page, and no stack trace. Pinned, so a Liberty
     * that lets them through (and the application's InvalidURI answer them) shows up.
     */
    @Test
    void controlCharactersAndMalformedEscapesInThePathAreRefusedByLibertyWithoutALogLine() throws Exception {
        long before = Stack.gatewayLog(0).length();
        for (String path : new String[] {"/%00", "/%0D%0A", "/a%01b", "/a%7Fb", "/a%zz", "/a%"}) {
            RawHttp.Response answer = unsigned("GET /" + BUCKET + path + " HTTP/1.1");
            assertEquals(400, answer.status(), path);
            assertTrue(answer.body().contains("CWWWC0005I"), path + ": " + answer.body());
        }
        String logged = Stack.gatewayLog(0).substring((int) before);
        assertFalse(logged.contains("Exception"), logged);
    }

    @Test
    void anOverlongContentTypeIsInvalidArgumentNotServiceUnavailable() throws Exception {
        byte[] body = "x".getBytes(StandardCharsets.UTF_8);
        RawHttp.Response answer = SignedRawRequest.of("PUT", endpoint, "/" + BUCKET + "/long-type", "", body.length,
                SignedRawRequest.sha256Hex(body), Map.of("content-type", "a/" + "b".repeat(1100))).send(endpoint, body);
        assertS3Error(answer, 400, "InvalidArgument");
    }

    @Test
    void aNulInListingParametersIsInvalidArgument() throws Exception {
        assertS3Error(signedGet("/" + BUCKET, "prefix=a%00"), 400, "InvalidArgument");
        assertS3Error(signedGet("/" + BUCKET, "marker=a%00"), 400, "InvalidArgument");
        assertS3Error(signedGet("/" + BUCKET, "list-type=2&start-after=a%00"), 400, "InvalidArgument");
        assertS3Error(signedGet("/" + BUCKET, "key-marker=a%00&uploads="), 400, "InvalidArgument");
        // base64url of "a\0b": a token this gateway never issued
        assertS3Error(signedGet("/" + BUCKET, "continuation-token=YQBi&list-type=2"), 400, "InvalidArgument");
    }

    /**
     * Liberty never shows the application two lengths (it keeps one); what matters is that the bytes
     * after the shorter body are never served as a second request on that connection.
     */
    @Test
    void twoDifferentContentLengthsNeverSmuggleASecondRequest() throws Exception {
        String head = "PUT /" + BUCKET + "/smuggled HTTP/1.1\r\nHost: " + host()
                + "\r\nContent-Length: 3\r\nContent-Length: 40\r\n\r\n";
        String smuggled = "abcGET /" + BUCKET + "/second HTTP/1.1\r\nHost: " + host() + "\r\n\r\n";
        String answer = RawHttp.exchangeText(endpoint, head + smuggled);
        assertEquals(1, answer.split("HTTP/1\\.1 ", -1).length - 1, answer);
    }

    @Test
    void anUnknownTransferEncodingIsRefused() throws Exception {
        assertS3Error(unsigned("PUT /" + BUCKET + "/smuggled HTTP/1.1", "Transfer-Encoding: gzip, chunked"),
                400, "InvalidRequest");
        assertS3Error(unsigned("PUT /" + BUCKET + "/smuggled HTTP/1.1", "Transfer-Encoding: identity"),
                400, "InvalidRequest");
    }

    @Test
    void aBodyAboveFiveGibibytesIsRefusedBeforeItIsSent() throws Exception {
        RawHttp.Response answer = unsigned("PUT /" + BUCKET + "/huge HTTP/1.1", "Content-Length: 6000000000");
        assertS3Error(answer, 400, "EntityTooLarge");
        assertTrue(answer.body().contains("<MaxSizeAllowed>5368709120</MaxSizeAllowed>"), answer.body());
    }
}
