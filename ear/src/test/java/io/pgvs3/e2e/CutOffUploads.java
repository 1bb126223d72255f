package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/** Uploads whose bodies stop half-way ({@link GatedBody}) until {@link #releaseAndAwaitFailures}. */
final class CutOffUploads {

    private final S3Client s3;
    private final String bucket;
    private final ExecutorService threads;
    private final CountDownLatch release = new CountDownLatch(1);
    private final List<GatedBody> gates = new ArrayList<>();
    private final List<CompletableFuture<?>> calls = new ArrayList<>();

    CutOffUploads(S3Client s3, String bucket, ExecutorService threads) {
        this.s3 = s3;
        this.bucket = bucket;
        this.threads = threads;
    }

    void put(String key, long size, long seed) {
        RequestBody body = gated(size, seed);
        calls.add(CompletableFuture.runAsync(() -> s3.putObject(b -> b.bucket(bucket).key(key), body), threads));
    }

    void uploadPart(String key, String uploadId, int partNumber, long size, long seed) {
        RequestBody body = gated(size, seed);
        calls.add(CompletableFuture.runAsync(() -> s3.uploadPart(b -> b.bucket(bucket).key(key).uploadId(uploadId)
                .partNumber(partNumber), body), threads));
    }

    private RequestBody gated(long size, long seed) {
        GatedBody gated = new GatedBody(Bodies.stream(size, seed), size / 2, release);
        gates.add(gated);
        return RequestBody.fromContentProvider(() -> gated, size, "application/octet-stream");
    }

    /** Returns once every upload has sent the first half of its body. */
    void awaitGates(Duration patience) throws InterruptedException {
        for (GatedBody gate : gates) {
            assertTrue(gate.reachedGate(patience.toSeconds(), TimeUnit.SECONDS), "an upload never reached its gate");
        }
    }

    /** Lets the bodies fail and checks that no upload was acknowledged. */
    void releaseAndAwaitFailures(Duration patience) throws Exception {
        release.countDown();
        for (CompletableFuture<?> call : calls) {
            assertTrue(call.handle((ok, failure) -> failure != null).get(patience.toSeconds(), TimeUnit.SECONDS),
                    "an upload cut off mid-body was acknowledged");
        }
    }
}
