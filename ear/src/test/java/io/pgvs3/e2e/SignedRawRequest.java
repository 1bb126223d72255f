package io.pgvs3.e2e;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A SigV4-signed request head (UNSIGNED-PAYLOAD) for tests that must misbehave on the socket, which no
 * SDK will do: send fewer body bytes than declared, then hang up.
 */
record SignedRawRequest(String head) {

    static SignedRawRequest put(URI endpoint, String path, long contentLength) throws Exception {
        String amzDate = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'"));
        String date = amzDate.substring(0, 8);
        String host = endpoint.getHost() + ":" + endpoint.getPort();
        String signedHeaders = "content-length;host;x-amz-content-sha256;x-amz-date";
        String canonical = "PUT\n" + path + "\n\n"
                + "content-length:" + contentLength + "\nhost:" + host
                + "\nx-amz-content-sha256:UNSIGNED-PAYLOAD\nx-amz-date:" + amzDate + "\n\n"
                + signedHeaders + "\nUNSIGNED-PAYLOAD";
        String scope = date + "/us-east-1/s3/aws4_request";
        String toSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + hex(sha256(canonical));
        byte[] key = hmac(("AWS4" + Stack.secretKey()).getBytes(StandardCharsets.UTF_8), date);
        for (String part : new String[] {"us-east-1", "s3", "aws4_request"}) {
            key = hmac(key, part);
        }
        String signature = hex(hmac(key, toSign));
        return new SignedRawRequest("PUT " + path + " HTTP/1.1\r\nHost: " + host
                + "\r\nContent-Length: " + contentLength
                + "\r\nx-amz-content-sha256: UNSIGNED-PAYLOAD\r\nx-amz-date: " + amzDate
                + "\r\nAuthorization: AWS4-HMAC-SHA256 Credential=" + Stack.accessKey() + "/" + scope
                + ", SignedHeaders=" + signedHeaders + ", Signature=" + signature + "\r\n\r\n");
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
