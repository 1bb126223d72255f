package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The stream limit of the ops stack: excess chunked GETs and PUTs get 503 SlowDown after the bounded
 * admission wait, the others finish, and inline bodies never wait for a permit.
 */
@ExtendWith(OpsStack.class)
class LimitsIT {

    private static final String BUCKET = Clients.bucket("limits");
    /** Far more than the socket buffers between client and gateway, so an unread GET stays in progress. */
    private static final long SIZE = 48L * 1024 * 1024;
    /** The largest body stored inline in its row (ObjectStore.INLINE_MAX). */
    private static final int INLINE_MAX = 64 * 1024;
    private static S3Client s3;

    @BeforeAll
    static void createBucket() {
        s3 = Clients.s3(OpsStack.s3Endpoint(), OpsStack.accessKey(), OpsStack.secretKey(), ApacheHttpClient.builder());
        s3.createBucket(b -> b.bucket(BUCKET));
        s3.putObject(b -> b.bucket(BUCKET).key("big"),
                RequestBody.fromContentProvider(() -> Bodies.stream(SIZE, 9), SIZE, "application/octet-stream"));
    }

    @AfterAll
    static void close() {
        s3.close();
    }

    @Test
    void streamsBeyondTheLimitAreSlowDownWhileTheOthersComplete() throws Exception {
        String expected = Bodies.md5(Bodies.stream(SIZE, 9));
        List<ResponseInputStream<GetObjectResponse>> held = new ArrayList<>();
        try {
            for (int i = 0; i < OpsStack.MAX_STREAMS; i++) {
                held.add(s3.getObject(b -> b.bucket(BUCKET).key("big")));
            }
            assertEquals(OpsStack.MAX_STREAMS, Scrape.of(OpsStack.adminEndpoint().toString()).value("pgvs3_streams_active"));

            S3Exception get = assertThrows(S3Exception.class, () -> s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("big")));
            assertSlowDown(get);
            S3Exception put = assertThrows(S3Exception.class, () -> s3.putObject(b -> b.bucket(BUCKET).key("more"),
                    RequestBody.fromBytes(new byte[INLINE_MAX + 1])));
            assertSlowDown(put);
            // permits guard chunk-pool streams only: inline bodies and requests without bodies pass
            s3.putObject(b -> b.bucket(BUCKET).key("small"), RequestBody.fromString("x"));
            assertEquals("x", s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("small")).asUtf8String());
            // a short span of a chunked object is one query answered from memory (a Parquet footer read)
            byte[] span = s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("big").range("bytes=1000000-1008191"))
                    .asByteArray();
            assertArrayEquals(Arrays.copyOfRange(Bodies.stream(SIZE, 9).readNBytes(1008192), 1000000, 1008192), span);
            assertEquals(SIZE, s3.headObject(b -> b.bucket(BUCKET).key("big")).contentLength());
            assertEquals(1, s3.listObjectsV2(b -> b.bucket(BUCKET).prefix("big")).keyCount());

            for (InputStream in : held) {
                assertEquals(expected, Bodies.md5(in), "a stream within the limit completes intact");
            }
        } finally {
            for (InputStream in : held) {
                in.close();
            }
        }
        awaitNoActiveStreams();
        s3.putObject(b -> b.bucket(BUCKET).key("more"), RequestBody.fromString("x"));
        assertEquals("x", s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("more")).asUtf8String());
        Scrape scrape = Scrape.of(OpsStack.adminEndpoint().toString());
        assertTrue(scrape.value("pgvs3_errors_total", "code=SlowDown", "operation=GetObject") >= 1);
        assertTrue(scrape.value("pgvs3_errors_total", "code=SlowDown", "operation=PutObject") >= 1);
        assertEquals(OpsStack.MAX_STREAMS, scrape.value("pgvs3_streams_limit"));
    }

    private static void assertSlowDown(S3Exception error) {
        assertEquals(503, error.statusCode());
        assertEquals("SlowDown", error.awsErrorDetails().errorCode());
        assertEquals("1", error.awsErrorDetails().sdkHttpResponse().firstMatchingHeader("Retry-After").orElse(null));
    }

    private static void awaitNoActiveStreams() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (Scrape.of(OpsStack.adminEndpoint().toString()).value("pgvs3_streams_active") > 0) {
            assertTrue(System.nanoTime() < deadline, "permits are released when the responses complete");
            Thread.sleep(100);
        }
    }
}
