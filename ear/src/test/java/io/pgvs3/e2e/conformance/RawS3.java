package io.pgvs3.e2e.conformance;

import io.pgvs3.e2e.RawHttp;
import io.pgvs3.e2e.Stack;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Hand-signed (SigV4) S3 requests over a plain socket, for what the SDK will not send or hides: bad names,
 * wrong credentials, skewed clocks, missing Content-Length, malformed XML, and for reading the raw answer
 * (status, headers, XML) exactly as the gateway sent it.
 */
final class RawS3 {

    private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final Pattern CODE = Pattern.compile("<Code>([^<]*)</Code>");

    private RawS3() {
    }

    /** What came back. {@code code} is the {@code <Code>} of an XML error body, or null. Header names are lower case. */
    record Outcome(int status, String code, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        @Override
        public String toString() {
            return status + " " + code + " " + headers + "\n" + body;
        }
    }

    /** One request; build with {@link #request} and the withers. */
    record Request(String method, String path, Map<String, String> query, Map<String, String> headers, byte[] body,
                   String accessKey, String secretKey, Instant time, boolean contentLength, boolean signed,
                   String payloadHash, int gateway) {

        Request query(String name, String value) {
            Map<String, String> q = new LinkedHashMap<>(query);
            q.put(name, value);
            return new Request(method, path, q, headers, body, accessKey, secretKey, time, contentLength, signed, payloadHash, gateway);
        }

        Request header(String name, String value) {
            Map<String, String> h = new LinkedHashMap<>(headers);
            h.put(name.toLowerCase(Locale.ROOT), value);
            return new Request(method, path, query, h, body, accessKey, secretKey, time, contentLength, signed, payloadHash, gateway);
        }

        Request body(byte[] bytes) {
            return new Request(method, path, query, headers, bytes, accessKey, secretKey, time, contentLength, signed, payloadHash, gateway);
        }

        Request body(String text) {
            return body(text.getBytes(StandardCharsets.UTF_8));
        }

        Request credentials(String access, String secret) {
            return new Request(method, path, query, headers, body, access, secret, time, contentLength, signed, payloadHash, gateway);
        }

        Request at(Instant when) {
            return new Request(method, path, query, headers, body, accessKey, secretKey, when, contentLength, signed, payloadHash, gateway);
        }

        Request withoutContentLength() {
            return new Request(method, path, query, headers, body, accessKey, secretKey, time, false, signed, "UNSIGNED-PAYLOAD", gateway);
        }

        Request anonymous() {
            return new Request(method, path, query, headers, body, accessKey, secretKey, time, contentLength, false, payloadHash, gateway);
        }

        Request gateway(int g) {
            return new Request(method, path, query, headers, body, accessKey, secretKey, time, contentLength, signed, payloadHash, g);
        }

        Outcome send() throws Exception {
            return RawS3.send(this);
        }
    }

    /** {@code path} is unencoded ("/bucket/key"); it is URI-encoded for the wire and the signature. */
    static Request request(String method, String path) {
        return new Request(method, path, new LinkedHashMap<>(), new LinkedHashMap<>(), new byte[0], Stack.accessKey(),
                Stack.secretKey(), null, true, true, null, 0);
    }

    static URI endpoint(int gateway) {
        return URI.create(Stack.s3Endpoint(gateway));
    }

    static Outcome send(Request r) throws Exception {
        URI endpoint = endpoint(r.gateway());
        String host = endpoint.getHost() + ":" + endpoint.getPort();
        String path = encode(r.path(), false);
        String query = canonicalQuery(r.query());
        Instant time = r.time() == null ? Instant.now() : r.time();
        String amzDate = AMZ_DATE.format(time);
        String date = amzDate.substring(0, 8);
        String payloadHash = r.payloadHash() != null ? r.payloadHash() : hex(MessageDigest.getInstance("SHA-256").digest(r.body()));
        Map<String, String> sent = new TreeMap<>(r.headers());
        if (r.contentLength()) {
            sent.put("content-length", Integer.toString(r.body().length));
        } else {
            sent.put("transfer-encoding", "chunked");
        }
        sent.put("host", host);
        StringBuilder head = new StringBuilder(r.method()).append(' ').append(path).append(query.isEmpty() ? "" : "?" + query)
                .append(" HTTP/1.1\r\n");
        if (r.signed()) {
            sent.put("x-amz-content-sha256", payloadHash);
            sent.put("x-amz-date", amzDate);
            StringBuilder canonicalHeaders = new StringBuilder();
            sent.forEach((k, v) -> canonicalHeaders.append(k).append(':').append(v.trim()).append('\n'));
            String signedHeaders = String.join(";", sent.keySet());
            String canonical = r.method() + "\n" + path + "\n" + query + "\n" + canonicalHeaders + "\n" + signedHeaders + "\n" + payloadHash;
            String scope = date + "/us-east-1/s3/aws4_request";
            String signature = signature(r.secretKey(), date, "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + sha256Hex(canonical));
            sent.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            head.append("Authorization: AWS4-HMAC-SHA256 Credential=").append(r.accessKey()).append('/').append(scope)
                    .append(", SignedHeaders=").append(signedHeaders).append(", Signature=").append(signature).append("\r\n");
        } else {
            sent.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        }
        head.append("Connection: close\r\n\r\n");
        byte[] body = r.body();
        if (!r.contentLength()) {
            String framed = Integer.toHexString(body.length) + "\r\n" + new String(body, StandardCharsets.ISO_8859_1) + "\r\n0\r\n\r\n";
            body = (body.length == 0 ? "0\r\n\r\n" : framed).getBytes(StandardCharsets.ISO_8859_1);
        }
        return exchange(endpoint, head.toString(), body);
    }

    /** A presigned GET URL's path and query, signed at {@code time} for {@code expires} seconds. */
    static Outcome presignedGet(String path, Instant time, int expires) throws Exception {
        URI endpoint = endpoint(0);
        String host = endpoint.getHost() + ":" + endpoint.getPort();
        String amzDate = AMZ_DATE.format(time);
        String date = amzDate.substring(0, 8);
        String scope = date + "/us-east-1/s3/aws4_request";
        Map<String, String> q = new LinkedHashMap<>();
        q.put("X-Amz-Algorithm", "AWS4-HMAC-SHA256");
        q.put("X-Amz-Credential", Stack.accessKey() + "/" + scope);
        q.put("X-Amz-Date", amzDate);
        q.put("X-Amz-Expires", Integer.toString(expires));
        q.put("X-Amz-SignedHeaders", "host");
        String encodedPath = encode(path, false);
        String query = canonicalQuery(q);
        String canonical = "GET\n" + encodedPath + "\n" + query + "\nhost:" + host + "\n\nhost\nUNSIGNED-PAYLOAD";
        String signature = signature(Stack.secretKey(), date, "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + sha256Hex(canonical));
        String head = "GET " + encodedPath + "?" + query + "&X-Amz-Signature=" + signature + " HTTP/1.1\r\nhost: " + host
                + "\r\nConnection: close\r\n\r\n";
        return exchange(endpoint, head, new byte[0]);
    }

    private static Outcome exchange(URI endpoint, String head, byte[] body) throws IOException {
        RawHttp.Response response = RawHttp.exchange(endpoint, head, body);
        Matcher code = CODE.matcher(response.body());
        return new Outcome(response.status(), code.find() ? code.group(1) : null, response.headers(), response.body());
    }

    static String canonicalQuery(Map<String, String> query) {
        TreeMap<String, String> sorted = new TreeMap<>();
        query.forEach((k, v) -> sorted.put(encode(k, true), encode(v, true)));
        StringBuilder b = new StringBuilder();
        sorted.forEach((k, v) -> b.append(b.length() == 0 ? "" : "&").append(k).append('=').append(v));
        return b.toString();
    }

    /** RFC 3986 unreserved characters stay, everything else is %XX; '/' stays unless {@code slash}. */
    static String encode(String s, boolean slash) {
        StringBuilder b = new StringBuilder();
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (x & 0xff);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.'
                    || c == '~' || (c == '/' && !slash)) {
                b.append(c);
            } else {
                b.append('%').append(String.format("%02X", x & 0xff));
            }
        }
        return b.toString();
    }

    private static String signature(String secret, String date, String toSign) throws Exception {
        byte[] key = hmac(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), date);
        for (String part : new String[] {"us-east-1", "s3", "aws4_request"}) {
            key = hmac(key, part);
        }
        return hex(hmac(key, toSign));
    }

    static String sha256Hex(String text) throws Exception {
        return hex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static byte[] hmac(byte[] key, String data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }

    static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
