package io.pgvs3.bench.http;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;

/**
 * The S3 calls the benchmark makes, each one signed request on this client's own connection. One
 * instance per worker thread. Keys are sent as given: the harness generates only keys made of
 * unreserved characters and '/', so no percent-encoding is needed (the datasets check that).
 */
public final class S3Client implements Closeable {
    private final Endpoint endpoint;
    private final HttpConnection connection;
    private final SigV4Signer signer;
    private final String host;
    private final String bucketPath;

    public S3Client(Endpoint endpoint) {
        this.endpoint = endpoint;
        this.connection = new HttpConnection(endpoint.host(), endpoint.port());
        this.signer = new SigV4Signer(endpoint.credentials());
        this.host = endpoint.hostHeader();
        this.bucketPath = '/' + endpoint.bucket();
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    /** TCP connections opened so far; more than one means the server closed keep-alive connections. */
    public long connects() {
        return connection.connects();
    }

    public void createBucket(HttpResponse response) throws IOException {
        send("PUT", bucketPath, Query.NONE, null, SigV4Signer.EMPTY_SHA256, "", response);
    }

    /** GET of a whole object, or of {@code range} ("bytes=a-b") when it is not null. */
    public void get(String key, String range, HttpResponse response) throws IOException {
        String extra = range == null ? "" : "Range: " + range + "\r\n";
        send("GET", bucketPath + '/' + key, Query.NONE, null, SigV4Signer.EMPTY_SHA256, extra, response);
    }

    public void head(String key, HttpResponse response) throws IOException {
        send("HEAD", bucketPath + '/' + key, Query.NONE, null, SigV4Signer.EMPTY_SHA256, "", response);
    }

    /**
     * PUT with {@code payloadHash} as x-amz-content-sha256: the body's real SHA-256, which the caller
     * computes once per body, or {@link SigV4Signer#UNSIGNED_PAYLOAD}.
     */
    public void put(String key, Body body, String payloadHash, HttpResponse response) throws IOException {
        send("PUT", bucketPath + '/' + key, Query.NONE, body, payloadHash, "", response);
    }

    /** One ListObjectsV2 page of up to {@code maxKeys} keys under {@code prefix}. */
    public void listV2(String prefix, int maxKeys, HttpResponse response) throws IOException {
        Query query = Query.sorted("list-type=2&max-keys=" + maxKeys + "&prefix=" + prefix.replace("/", "%2F"));
        send("GET", bucketPath, query, null, SigV4Signer.EMPTY_SHA256, "", response);
    }

    /** DeleteObjects in quiet mode (the answer lists only failures). */
    public void deleteObjects(List<String> keys, HttpResponse response) throws IOException {
        StringBuilder xml = new StringBuilder(64 + keys.size() * 48).append("<Delete><Quiet>true</Quiet>");
        for (String key : keys) {
            xml.append("<Object><Key>").append(key).append("</Key></Object>");
        }
        byte[] body = xml.append("</Delete>").toString().getBytes(StandardCharsets.UTF_8);
        String extra = "Content-MD5: " + Base64.getEncoder().encodeToString(md5(body)) + "\r\n";
        send("POST", bucketPath, Query.DELETE, Body.of(body), signer.sha256Hex(body), extra, response);
    }

    /** The signed request head of a whole-object GET, for a client that reads the answer itself. */
    public byte[] getHead(String key) {
        return head("GET", bucketPath + '/' + key, Query.NONE, null, SigV4Signer.EMPTY_SHA256, "");
    }

    private void send(String method, String path, Query query, Body body, String payloadHash,
                      String extraHeaders, HttpResponse response) throws IOException {
        connection.exchange(head(method, path, query, body, payloadHash, extraHeaders), body, "HEAD".equals(method),
                response);
    }

    private byte[] head(String method, String path, Query query, Body body, String payloadHash, String extraHeaders) {
        String date = signer.amzDateNow();
        String authorization = signer.authorization(method, path, query.canonical(), host, payloadHash, date);
        StringBuilder head = new StringBuilder(384).append(method).append(' ').append(path);
        if (!query.raw().isEmpty()) {
            head.append('?').append(query.raw());
        }
        head.append(" HTTP/1.1\r\nHost: ").append(host)
                .append("\r\nx-amz-date: ").append(date)
                .append("\r\nx-amz-content-sha256: ").append(payloadHash)
                .append("\r\nAuthorization: ").append(authorization).append("\r\n")
                .append(extraHeaders);
        if (body != null || !"GET".equals(method) && !"HEAD".equals(method)) {
            head.append("Content-Length: ").append(body == null ? 0 : body.length()).append("\r\n");
        }
        head.append("\r\n");
        return head.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] md5(byte[] body) {
        try {
            return MessageDigest.getInstance("MD5").digest(body);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks MD5", e);
        }
    }

    @Override
    public void close() {
        connection.close();
    }
}
