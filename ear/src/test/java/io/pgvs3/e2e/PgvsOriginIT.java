package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Another pgvs3 as the origin of an origin-backed bucket (issue 20, ADR 45): a one-gateway stack of its
 * own whose keys are the shared stack's credential set {@code e2e}, so both gateways of the shared stack
 * front its buckets as they front S3Proxy's in {@link OriginIT}.
 */
@ExtendWith(Stack.class)
class PgvsOriginIT {

    private static final int SHIFT = 75;
    /** Writes above this are write-backs in this test's bucket. */
    private static final int WRITE_BACK_ABOVE = 1 << 20;

    private static StackScript origin;
    private static S3Client direct;

    @BeforeAll
    static void startOrigin() throws Exception {
        origin = new StackScript("stack-origin-pgvs3", SHIFT, 1, Map.of(
                "PGVS3_ACCESS_KEY", Stack.ORIGIN_ACCESS_KEY, "PGVS3_SECRET_KEY", Stack.ORIGIN_SECRET_KEY));
        origin.startFresh();
        direct = Clients.s3(endpoint(), Stack.ORIGIN_ACCESS_KEY, Stack.ORIGIN_SECRET_KEY, ApacheHttpClient.builder(),
                Duration.ofSeconds(30));
    }

    @AfterAll
    static void stopOrigin() throws Exception {
        if (direct != null) {
            direct.close();
        }
        if (origin != null) {
            origin.down();
        }
    }

    private static URI endpoint() {
        return URI.create(origin.get("PGVS3_S3_ENDPOINTS").split(" ")[0]);
    }

    @Test
    void aBucketOfAnotherPgvs3IsFilledWrittenThroughWrittenBackListedAndDeleted() throws Exception {
        String bucket = Clients.bucket("pgvs3-origin");
        String originBucket = bucket.replaceFirst("^e2e-", "src-");
        direct.createBucket(b -> b.bucket(originBucket));
        byte[] cold = Bodies.bytes(300_000, 81);
        String coldEtag = direct.putObject(b -> b.bucket(originBucket).key("cold.parquet").contentType("application/vnd.apache.parquet"),
                RequestBody.fromBytes(cold)).eTag();
        HttpResponse<String> declared = Admin.send(0, "PUT", "/admin/origins/" + bucket, """
                {"endpoint": "%s", "credentials": "e2e", "originBucket": "%s", "ttl": "PT1H", "writeBackThreshold": %d}"""
                .formatted(endpoint(), originBucket, WRITE_BACK_ABOVE));
        assertEquals(201, declared.statusCode(), declared.body());
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            ResponseBytes<GetObjectResponse> filled = first.getObjectAsBytes(b -> b.bucket(bucket).key("cold.parquet"));
            assertArrayEquals(cold, filled.asByteArray());
            assertEquals(coldEtag, filled.response().eTag(), "the origin's ETag");
            assertEquals("application/vnd.apache.parquet", filled.response().contentType());
            assertArrayEquals(cold, second.getObjectAsBytes(b -> b.bucket(bucket).key("cold.parquet")).asByteArray());

            first.putObject(b -> b.bucket(bucket).key("small.json"), RequestBody.fromString("{\"through\": true}"));
            assertEquals("{\"through\": true}", direct.getObjectAsBytes(b -> b.bucket(originBucket).key("small.json"))
                    .asUtf8String(), "at the origin as soon as the PUT is answered");

            byte[] large = Bodies.bytes(WRITE_BACK_ABOVE + 200_000, 82);
            second.putObject(b -> b.bucket(bucket).key("large.parquet"), RequestBody.fromBytes(large));
            Await.until(Duration.ofSeconds(60), "the write-back drained", () -> Admin.number(
                    Admin.send(0, "GET", "/admin/origins/" + bucket, null).body(), "pendingObjects") == 0);
            assertArrayEquals(large, direct.getObjectAsBytes(b -> b.bucket(originBucket).key("large.parquet")).asByteArray());

            assertEquals(List.of("cold.parquet", "large.parquet", "small.json"), first.listObjectsV2(b -> b.bucket(bucket))
                    .contents().stream().map(S3Object::key).toList(), "the origin's listing");

            second.deleteObject(b -> b.bucket(bucket).key("cold.parquet"));
            assertThrows(NoSuchKeyException.class, () -> direct.headObject(b -> b.bucket(originBucket).key("cold.parquet")));
            assertThrows(NoSuchKeyException.class, () -> first.getObject(b -> b.bucket(bucket).key("cold.parquet")));
        }
    }
}
