package io.pgvs3.e2e.conformance;

import io.pgvs3.e2e.Stack;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
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
        return exchange(endpoint, head.toString(), body, r.method().equals("HEAD"));
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
        return exchange(endpoint, head, new byte[0], false);
    }

    private static Outcome exchange(URI endpoint, String head, byte[] body, boolean headRequest) throws IOException {
        try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return parse(socket.getInputStream());
        }
    }

    private static Outcome parse(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        byte[] bytes = all.toByteArray();
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        String[] lines = text.substring(0, end < 0 ? text.length() : end).split("\r\n");
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.merge(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim(),
                        (a, b) -> a + ", " + b);
            }
        }
        String raw = end < 0 ? "" : text.substring(end + 4);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            raw = dechunk(raw);
        }
        String body = new String(raw.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        Matcher code = CODE.matcher(body);
        return new Outcome(Integer.parseInt(lines[0].split(" ")[1]), code.find() ? code.group(1) : null, headers, body);
    }

    private static String dechunk(String raw) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < raw.length()) {
            int eol = raw.indexOf("\r\n", at);
            if (eol < 0) {
                break;
            }
            String size = raw.substring(at, eol).split(";")[0].trim();
            int n = size.isEmpty() ? 0 : Integer.parseInt(size, 16);
            if (n == 0) {
                break;
            }
            out.append(raw, eol + 2, Math.min(raw.length(), eol + 2 + n));
            at = eol + 2 + n + 2;
        }
        return out.toString();
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
