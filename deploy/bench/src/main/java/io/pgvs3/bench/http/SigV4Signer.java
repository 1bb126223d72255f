package io.pgvs3.bench.http;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Comparator;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * SigV4 header signing for S3 requests, one instance per worker thread (it keeps its own {@link Mac}
 * and {@link MessageDigest}, which are not thread-safe). The signing key is derived once per day: the
 * four chained HMACs would otherwise cost more than the request itself on a loaded client.
 */
public final class SigV4Signer {
    /** SHA-256 of the empty body, the payload hash of every GET, HEAD and DELETE. */
    public static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    /** The x-amz-content-sha256 of a body the signature does not cover. */
    public static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";

    private static final DateTimeFormatter AMZ_DATE =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final Credentials credentials;
    private final MessageDigest sha256;
    private final Mac mac;
    private String keyDay = "";
    private String scope = "";
    private long dateSecond = Long.MIN_VALUE;
    private String amzDate = "";

    public SigV4Signer(Credentials credentials) {
        this.credentials = credentials;
        try {
            this.sha256 = MessageDigest.getInstance("SHA-256");
            this.mac = Mac.getInstance("HmacSHA256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks SHA-256 or HmacSHA256", e);
        }
    }

    /** The x-amz-date value for now; formatted once per second because formatting is not free. */
    public String amzDateNow() {
        long second = System.currentTimeMillis() / 1000;
        if (second != dateSecond) {
            dateSecond = second;
            amzDate = AMZ_DATE.format(Instant.ofEpochSecond(second));
        }
        return amzDate;
    }

    public String sha256Hex(byte[] body) {
        return Hex.of(sha256.digest(body));
    }

    /**
     * The Authorization header value for one request.
     *
     * @param method         HTTP method
     * @param canonicalPath  the request path exactly as sent (already percent-encoded)
     * @param canonicalQuery the query in SigV4 canonical form (sorted, encoded, {@code k=} for bare keys)
     * @param host           the Host header value
     * @param payloadHash    the x-amz-content-sha256 value
     * @param amzDate        the x-amz-date value
     * @param extraSigned    further headers to sign as lower-case name, value pairs (may be empty)
     */
    public String authorization(String method, String canonicalPath, String canonicalQuery, String host,
                                String payloadHash, String amzDate, String... extraSigned) {
        String[][] headers = new String[3 + extraSigned.length / 2][];
        headers[0] = new String[] {"host", host};
        headers[1] = new String[] {"x-amz-content-sha256", payloadHash};
        headers[2] = new String[] {"x-amz-date", amzDate};
        for (int i = 0; i < extraSigned.length; i += 2) {
            headers[3 + i / 2] = new String[] {extraSigned[i], extraSigned[i + 1]};
        }
        if (extraSigned.length > 0) {
            Arrays.sort(headers, Comparator.comparing(h -> h[0]));
        }
        StringBuilder canonical = new StringBuilder(256)
                .append(method).append('\n').append(canonicalPath).append('\n').append(canonicalQuery).append('\n');
        StringBuilder signedHeaders = new StringBuilder(64);
        for (String[] header : headers) {
            canonical.append(header[0]).append(':').append(header[1].trim()).append('\n');
            if (signedHeaders.length() > 0) {
                signedHeaders.append(';');
            }
            signedHeaders.append(header[0]);
        }
        canonical.append('\n').append(signedHeaders).append('\n').append(payloadHash);

        String day = amzDate.substring(0, 8);
        useKeyOf(day);
        String stringToSign = "AWS4-HMAC-SHA256\n" + amzDate + '\n' + scope + '\n'
                + Hex.of(sha256.digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
        String signature = Hex.of(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
        return "AWS4-HMAC-SHA256 Credential=" + credentials.accessKey() + '/' + scope
                + ", SignedHeaders=" + signedHeaders + ", Signature=" + signature;
    }

    /** Keys {@link #mac} with the day's signing key, deriving it only when the day changed. */
    private void useKeyOf(String day) {
        if (day.equals(keyDay)) {
            return;
        }
        try {
            byte[] key = ("AWS4" + credentials.secretKey()).getBytes(StandardCharsets.UTF_8);
            for (String part : new String[] {day, credentials.region(), "s3", "aws4_request"}) {
                mac.init(new SecretKeySpec(key, "HmacSHA256"));
                key = mac.doFinal(part.getBytes(StandardCharsets.UTF_8));
            }
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot key HmacSHA256", e);
        }
        keyDay = day;
        scope = day + '/' + credentials.region() + "/s3/aws4_request";
    }
}
