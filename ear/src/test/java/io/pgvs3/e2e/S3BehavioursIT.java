package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** Behaviours of issue 9 that no client flow shows on its own: region, UTF-8 metadata, POST object, listings. */
@ExtendWith(Stack.class)
class S3BehavioursIT {

    private static final String BUCKET = Clients.bucket("behaviours");
    private static URI endpoint;
    private static S3Client s3;

    @BeforeAll
    static void bucket() {
        endpoint = URI.create(Stack.s3Endpoint(0));
        s3 = Clients.s3(0);
        s3.createBucket(b -> b.bucket(BUCKET));
    }

    @AfterAll
    static void close() {
        s3.close();
    }

    @Test
    void aRequestSignedForAnotherRegionNamesTheGatewaysRegion() {
        try (S3Client elsewhere = S3Client.builder().endpointOverride(endpoint).region(Region.EU_WEST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(Stack.accessKey(), Stack.secretKey())))
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(true).build())
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1)).apiCallTimeout(Duration.ofMinutes(1)))
                .build()) {
            S3Exception error = assertThrows(S3Exception.class, () -> elsewhere.listObjectsV2(b -> b.bucket(BUCKET)));
            assertEquals(400, error.statusCode());
            assertEquals("AuthorizationHeaderMalformed", error.awsErrorDetails().errorCode());
            assertTrue(error.getMessage().contains("expecting 'us-east-1'"), error.getMessage());
        }
    }

    /** The client signs the UTF-8 bytes it sends; S3 returns the value RFC 2047-encoded. */
    @Test
    void utf8UserMetadataIsSignedAsSentAndReturnedAsS3ReturnsIt() throws Exception {
        String value = "Grüße €";
        byte[] body = "x".getBytes(StandardCharsets.UTF_8);
        SignedRawRequest put = SignedRawRequest.of("PUT", endpoint, "/" + BUCKET + "/utf8", "", body.length,
                SignedRawRequest.sha256Hex(body), Map.of("x-amz-meta-greeting", value));
        RawHttp.Response answer = RawHttp.exchange(endpoint, put.head().getBytes(StandardCharsets.UTF_8), body);
        assertEquals(200, answer.status(), answer.body());
        String returned = s3.headObject(b -> b.bucket(BUCKET).key("utf8")).metadata().get("greeting");
        assertEquals("=?UTF-8?B?" + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + "?=",
                returned);
    }

    @Test
    void postObjectIsOneClearErrorSignedOrNot() throws Exception {
        String form = "--x\r\nContent-Disposition: form-data; name=\"key\"\r\n\r\nk\r\n--x--\r\n";
        RawHttp.Response unsigned = RawHttp.exchange(endpoint, "POST /" + BUCKET + " HTTP/1.1\r\nHost: " + endpoint.getHost()
                + ":" + endpoint.getPort() + "\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: "
                + form.length() + "\r\nConnection: close\r\n\r\n", form.getBytes(StandardCharsets.ISO_8859_1));
        byte[] bytes = form.getBytes(StandardCharsets.ISO_8859_1);
        RawHttp.Response signed = SignedRawRequest.of("POST", endpoint, "/" + BUCKET, "", bytes.length,
                SignedRawRequest.sha256Hex(bytes), Map.of("content-type", "multipart/form-data; boundary=x"))
                .send(endpoint, bytes);
        for (RawHttp.Response answer : new RawHttp.Response[] {unsigned, signed}) {
            assertEquals(501, answer.status(), answer.body());
            assertTrue(answer.body().contains("<Code>NotImplemented</Code>"), answer.body());
        }
    }

    @Test
    void urlEncodedListingsWriteSpacesAsPercentTwentyAndAnEmptyTokenIsTheFirstPage() throws Exception {
        s3.putObject(b -> b.bucket(BUCKET).key("sp ace/a b+c"), RequestBody.fromString("x"));
        RawHttp.Response listing = list("continuation-token=&encoding-type=url&list-type=2&prefix=sp%20ace%2F");
        assertTrue(listing.body().contains("<Key>sp%20ace/a%20b%2Bc</Key>"), listing.body());
        assertTrue(listing.body().contains("<Prefix>sp%20ace/</Prefix>"), listing.body());
        assertFalse(listing.body().contains("+"), listing.body());
        RawHttp.Response rolledUp = list("delimiter=%2B&encoding-type=url&list-type=2&prefix=sp%20ace%2F");
        assertTrue(rolledUp.body().contains("<Delimiter>%2B</Delimiter>"), rolledUp.body());
        assertTrue(rolledUp.body().contains("<CommonPrefixes><Prefix>sp%20ace/a%20b%2B</Prefix></CommonPrefixes>"),
                rolledUp.body());
    }

    private static RawHttp.Response list(String canonicalQuery) throws Exception {
        RawHttp.Response listing = SignedRawRequest.of("GET", endpoint, "/" + BUCKET, canonicalQuery, 0,
                SignedRawRequest.sha256Hex(new byte[0]), Map.of()).send(endpoint, new byte[0]);
        assertEquals(200, listing.status(), listing.body());
        return listing;
    }
}
