package io.pgvs3.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A SigV4-signed request head for tests that must do what no SDK does: send fewer body bytes than
 * declared and hang up, sign a wrong payload hash, send a hand-made aws-chunked body with trailers, or
 * leave out a required checksum.
 */
record SignedRawRequest(String head) {

    /** An UNSIGNED-PAYLOAD PUT. */
    static SignedRawRequest put(URI endpoint, String path, long contentLength) throws Exception {
        return of("PUT", endpoint, path, "", contentLength, "UNSIGNED-PAYLOAD", Map.of());
    }

    /** An UNSIGNED-PAYLOAD PUT to a stack other than {@link Stack}, signed with its keys. */
    static SignedRawRequest put(URI endpoint, String path, long contentLength, String accessKey, String secretKey)
            throws Exception {
        return of("PUT", endpoint, path, "", contentLength, "UNSIGNED-PAYLOAD", Map.of(), accessKey, secretKey);
    }

    /**
     * @param query       the canonical query string (names sorted, values encoded), or ""
     * @param payloadHash x-amz-content-sha256
     * @param headers     further headers, all signed
     */
    static SignedRawRequest of(String method, URI endpoint, String path, String query, long contentLength,
                               String payloadHash, Map<String, String> headers) throws Exception {
        return of(method, endpoint, path, query, contentLength, payloadHash, headers, Stack.accessKey(),
                Stack.secretKey());
    }

    private static SignedRawRequest of(String method, URI endpoint, String path, String query, long contentLength,
                                       String payloadHash, Map<String, String> headers, String accessKey,
                                       String secretKey) throws Exception {
        String amzDate = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'"));
        String date = amzDate.substring(0, 8);
        Map<String, String> signed = new TreeMap<>();
        headers.forEach((k, v) -> signed.put(k.toLowerCase(Locale.ROOT), v));
        signed.put("content-length", Long.toString(contentLength));
        signed.put("host", endpoint.getHost() + ":" + endpoint.getPort());
        signed.put("x-amz-content-sha256", payloadHash);
        signed.put("x-amz-date", amzDate);
        StringBuilder canonicalHeaders = new StringBuilder();
        signed.forEach((k, v) -> canonicalHeaders.append(k).append(':').append(v.trim()).append('\n'));
        String signedHeaders = String.join(";", signed.keySet());
        String canonical = method + "\n" + path + "\n" + query + "\n" + canonicalHeaders + "\n" + signedHeaders
                + "\n" + payloadHash;
        String scope = date + "/us-east-1/s3/aws4_request";
        String toSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + hex(sha256(canonical));
        byte[] key = hmac(("AWS4" + secretKey).getBytes(StandardCharsets.UTF_8), date);
        for (String part : new String[] {"us-east-1", "s3", "aws4_request"}) {
            key = hmac(key, part);
        }
        StringBuilder head = new StringBuilder(method).append(' ').append(path)
                .append(query.isEmpty() ? "" : "?" + query).append(" HTTP/1.1\r\n");
        signed.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        head.append("Authorization: AWS4-HMAC-SHA256 Credential=").append(accessKey).append('/').append(scope)
                .append(", SignedHeaders=").append(signedHeaders).append(", Signature=")
                .append(hex(hmac(key, toSign))).append("\r\nConnection: close\r\n\r\n");
        return new SignedRawRequest(head.toString());
    }

    /** Sends this head and {@code body} on a new connection and reads the whole answer. */
    RawHttp.Response send(URI endpoint, byte[] body) throws IOException {
        return RawHttp.exchange(endpoint, head, body);
    }

    /** Sends this head and {@code sent} (fewer bytes than declared) on a new connection, then hangs up. */
    void sendAndHangUp(URI endpoint, byte[] sent) throws IOException {
        try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(sent);
            out.flush();
        }
    }

    static String sha256Hex(byte[] body) throws Exception {
        return hex(MessageDigest.getInstance("SHA-256").digest(body));
    }

    private static byte[] sha256(String text) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] hmac(byte[] key, String data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
