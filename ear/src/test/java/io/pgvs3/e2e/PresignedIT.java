package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/** Presigned URLs made by the SDK's presigner, used by a plain HTTP client as a browser or curl would. */
@ExtendWith(Stack.class)
class PresignedIT {

    private static final DateTimeFormatter AMZ_DATE =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    @Test
    void presignedPutAndGetWorkThroughEitherGateway() throws Exception {
        String bucket = Clients.bucket("presign");
        try (S3Client s3 = Clients.s3(0); S3Presigner presigner = Clients.presigner(1)) {
            s3.createBucket(b -> b.bucket(bucket));
            URI put = presigner.presignPutObject(p -> p.signatureDuration(Duration.ofMinutes(5))
                    .putObjectRequest(r -> r.bucket(bucket).key("shared file.txt"))).url().toURI();
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> stored = http.send(HttpRequest.newBuilder(put)
                    .PUT(HttpRequest.BodyPublishers.ofString("via presigned put")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, stored.statusCode(), put + "\n" + stored.headers().map() + "\n" + stored.body());

            URI get = presigner.presignGetObject(p -> p.signatureDuration(Duration.ofMinutes(5))
                    .getObjectRequest(r -> r.bucket(bucket).key("shared file.txt"))).url().toURI();
            HttpResponse<String> read = http.send(HttpRequest.newBuilder(get).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, read.statusCode(), get + "\n" + read.body());
            assertEquals("via presigned put", read.body());

            URI tampered = URI.create(get.toString().replace("shared%20file.txt", "other.txt"));
            HttpResponse<String> refused = http.send(HttpRequest.newBuilder(tampered).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(403, refused.statusCode());
            assertTrue(refused.body().contains("SignatureDoesNotMatch"), refused.body());
        }
    }

    @Test
    void anExpiredPresignedUrlIsAccessDenied() throws Exception {
        String bucket = Clients.bucket("expired");
        try (S3Client s3 = Clients.s3(0); S3Presigner presigner = Clients.presigner(0)) {
            s3.createBucket(b -> b.bucket(bucket));
            s3.putObject(b -> b.bucket(bucket).key("k"), RequestBody.fromString("x"));
            URI get = presigner.presignGetObject(p -> p.signatureDuration(Duration.ofSeconds(1))
                    .getObjectRequest(r -> r.bucket(bucket).key("k"))).url().toURI();
            awaitServerPast(expiry(get));
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(get).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(403, response.statusCode());
            assertTrue(response.body().contains("<Code>AccessDenied</Code>"), response.body());
            assertTrue(response.body().contains("Request has expired"), response.body());
        }
    }

    /** Issue 21: a presigned PUT past its expiry is refused as a GET is, 403 AccessDenied, whatever its body. */
    @Test
    void anExpiredPresignedPutIsAccessDenied() throws Exception {
        String bucket = Clients.bucket("expired-put");
        try (S3Client s3 = Clients.s3(0); S3Presigner presigner = Clients.presigner(0)) {
            s3.createBucket(b -> b.bucket(bucket));
            URI put = presigner.presignPutObject(p -> p.signatureDuration(Duration.ofSeconds(1))
                    .putObjectRequest(r -> r.bucket(bucket).key("k"))).url().toURI();
            awaitServerPast(expiry(put));
            HttpClient http = HttpClient.newHttpClient();
            for (byte[] body : new byte[][] {"small body".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    new byte[100_000], new byte[0]}) {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(put)
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(403, response.statusCode(), body.length + " bytes: " + response.body());
                assertTrue(response.body().contains("<Code>AccessDenied</Code>"), response.body());
                assertTrue(response.body().contains("Request has expired"), response.body());
            }
            assertTrue(s3.listObjectsV2(b -> b.bucket(bucket)).contents().isEmpty());
        }
    }

    /** When a presigned URL stops being valid: its X-Amz-Date plus X-Amz-Expires seconds. */
    private static Instant expiry(URI presigned) {
        Map<String, String> query = new HashMap<>();
        for (String pair : presigned.getRawQuery().split("&")) {
            int eq = pair.indexOf('=');
            query.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        Instant signed = AMZ_DATE.parse(query.get("X-Amz-Date"), Instant::from);
        return signed.plusSeconds(Long.parseLong(query.get("X-Amz-Expires")));
    }

    /**
     * Waits until gateway 1's clock is past {@code instant}: the Date it answers (whole seconds, never ahead
     * of its clock) is later, so every request it receives from then on is too.
     */
    private static void awaitServerPast(Instant instant) throws InterruptedException {
        Probe.await(URI.create(Stack.adminEndpoint(0) + "/health/live"),
                r -> r.headers().firstValue("Date")
                        .map(date -> DateTimeFormatter.RFC_1123_DATE_TIME.parse(date, Instant::from).isAfter(instant))
                        .orElse(false),
                Duration.ofSeconds(30), "gateway 1 answering with a Date after " + instant);
    }
}
