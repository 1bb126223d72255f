package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
 * The limits of the ops stack. Uploads into the chunk pool take a stream permit: excess ones get 503
 * SlowDown after the bounded admission wait while downloads, inline bodies and requests without
 * bodies pass. Downloads take no permit (they hold no connection while their client reads) but count
 * against their client address: one client over its limit gets SlowDown, another client does not.
 */
@ExtendWith(OpsStack.class)
class LimitsIT {

    private static final String BUCKET = Clients.bucket("limits");
    /** Far more than the socket buffers between client and gateway, so an unread GET stays in progress. */
    private static final long SIZE = 48L * 1024 * 1024;
    /** The largest body stored inline in its row (ObjectStore.INLINE_MAX). */
    private static final int INLINE_MAX = 64 * 1024;
    private static final int UPLOAD_SIZE = 1024 * 1024;
    private static S3Client s3;
    private static String expected;

    @BeforeAll
    static void createBucket() throws IOException {
        s3 = Clients.s3(OpsStack.s3Endpoint(), OpsStack.accessKey(), OpsStack.secretKey(), ApacheHttpClient.builder());
        s3.createBucket(b -> b.bucket(BUCKET));
        s3.putObject(b -> b.bucket(BUCKET).key("big"),
                RequestBody.fromContentProvider(() -> Bodies.stream(SIZE, 9), SIZE, "application/octet-stream"));
        expected = Bodies.md5(Bodies.stream(SIZE, 9));
    }

    @AfterAll
    static void close() {
        s3.close();
    }

    @Test
    void uploadsBeyondTheLimitAreSlowDownWhileDownloadsAndSmallRequestsPass() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<CompletableFuture<?>> held = new ArrayList<>();
        try {
            for (int i = 0; i < OpsStack.MAX_STREAMS; i++) {
                String key = "held-" + i;
                held.add(CompletableFuture.runAsync(() -> s3.putObject(b -> b.bucket(BUCKET).key(key),
                        RequestBody.fromContentProvider(() -> new StallingBody(UPLOAD_SIZE, release), UPLOAD_SIZE,
                                "application/octet-stream"))));
            }
            awaitGauge("pgvs3_streams_active", OpsStack.MAX_STREAMS);

            S3Exception put = assertThrows(S3Exception.class, () -> s3.putObject(b -> b.bucket(BUCKET).key("more"),
                    RequestBody.fromBytes(new byte[INLINE_MAX + 1])));
            assertSlowDown(put);
            // permits guard uploads into the chunk pool only: downloads, inline bodies and requests
            // without bodies pass
            assertEquals(expected, Bodies.md5(s3.getObject(b -> b.bucket(BUCKET).key("big"))));
            s3.putObject(b -> b.bucket(BUCKET).key("small"), RequestBody.fromString("x"));
            assertEquals("x", s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("small")).asUtf8String());
            byte[] span = s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("big").range("bytes=1000000-1008191"))
                    .asByteArray();
            assertArrayEquals(Arrays.copyOfRange(Bodies.stream(SIZE, 9).readNBytes(1008192), 1000000, 1008192), span);
            assertEquals(SIZE, s3.headObject(b -> b.bucket(BUCKET).key("big")).contentLength());
            assertEquals(1, s3.listObjectsV2(b -> b.bucket(BUCKET).prefix("big")).keyCount());
        } finally {
            release.countDown();
        }
        for (CompletableFuture<?> upload : held) {
            upload.get(60, TimeUnit.SECONDS);
        }
        for (int i = 0; i < OpsStack.MAX_STREAMS; i++) {
            String key = "held-" + i;
            assertEquals(UPLOAD_SIZE, s3.headObject(b -> b.bucket(BUCKET).key(key)).contentLength(),
                    "an upload within the limit completes");
        }
        awaitGauge("pgvs3_streams_active", 0);
        s3.putObject(b -> b.bucket(BUCKET).key("more"), RequestBody.fromBytes(new byte[INLINE_MAX + 1]));
        Scrape scrape = Scrape.of(OpsStack.adminEndpoint().toString());
        assertTrue(scrape.value("pgvs3_errors_total", "code=SlowDown", "operation=PutObject") >= 1);
        assertEquals(OpsStack.MAX_STREAMS, scrape.value("pgvs3_streams_limit"));
    }

    @Test
    void aClientOverItsDownloadLimitIsSlowDownWhileAnotherClientIsNot() throws Exception {
        List<ResponseInputStream<GetObjectResponse>> held = new ArrayList<>();
        try (S3Client other = Clients.s3(OpsStack.s3Endpoint(), OpsStack.accessKey(), OpsStack.secretKey(),
                ApacheHttpClient.builder().localAddress(InetAddress.getByName("127.0.0.2")))) {
            for (int i = 0; i < OpsStack.MAX_DOWNLOADS_PER_CLIENT; i++) {
                held.add(s3.getObject(b -> b.bucket(BUCKET).key("big")));
            }
            awaitGauge("pgvs3_downloads_active", OpsStack.MAX_DOWNLOADS_PER_CLIENT);
            S3Exception get = assertThrows(S3Exception.class, () -> s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("big")));
            assertSlowDown(get);

            assertEquals(expected, Bodies.md5(other.getObject(b -> b.bucket(BUCKET).key("big"))),
                    "another client's download is not held back");
            for (InputStream in : held) {
                assertEquals(expected, Bodies.md5(in), "a download within the limit completes intact");
            }
        } finally {
            for (InputStream in : held) {
                in.close();
            }
        }
        awaitGauge("pgvs3_downloads_active", 0);
        assertEquals(expected, Bodies.md5(s3.getObject(b -> b.bucket(BUCKET).key("big"))));
        assertTrue(Scrape.of(OpsStack.adminEndpoint().toString())
                .value("pgvs3_errors_total", "code=SlowDown", "operation=GetObject") >= 1);
    }

    /** A body that sends its first 64 KiB + 1 bytes, then waits for {@code release} before the rest. */
    private static final class StallingBody extends InputStream {
        private final int size;
        private final CountDownLatch release;
        private int sent;

        StallingBody(int size, CountDownLatch release) {
            this.size = size;
            this.release = release;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (sent >= size) {
                return -1;
            }
            if (sent > INLINE_MAX) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException();
                }
            }
            int n = Math.min(len, Math.min(size - sent, sent <= INLINE_MAX ? INLINE_MAX + 1 - sent : len));
            Arrays.fill(b, off, off + n, (byte) 7);
            sent += n;
            return n;
        }
    }

    private static void assertSlowDown(S3Exception error) {
        assertEquals(503, error.statusCode());
        assertEquals("SlowDown", error.awsErrorDetails().errorCode());
        assertEquals("1", error.awsErrorDetails().sdkHttpResponse().firstMatchingHeader("Retry-After").orElse(null));
    }

    /** Polls the gauge until it shows {@code value}: streams start and end on the gateway's threads. */
    private static void awaitGauge(String gauge, double value) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (Scrape.of(OpsStack.adminEndpoint().toString()).value(gauge) != value) {
            assertTrue(System.nanoTime() < deadline, gauge + " never reached " + value);
            Thread.sleep(50);
        }
    }
}
