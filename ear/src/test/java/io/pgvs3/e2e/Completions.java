package io.pgvs3.e2e;

import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * CompleteMultipartUpload of prepared uploads, by as many threads as call {@link #run}, until none is left;
 * each either acknowledged or unsettled (no answer). Unsettled ones that were refused a connection never
 * reached the gateway; the others were in flight when it died.
 */
final class Completions {

    private final S3Client s3;
    private final Queue<OneMultipart> pending;
    private final List<OneMultipart> acknowledged = new CopyOnWriteArrayList<>();
    private final List<OneMultipart> unsettled = new CopyOnWriteArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final CountDownLatch firstAcknowledgement = new CountDownLatch(1);

    Completions(S3Client s3, List<OneMultipart> uploads) {
        this.s3 = s3;
        this.pending = new ConcurrentLinkedQueue<>(uploads);
    }

    void run() {
        for (OneMultipart upload; (upload = pending.poll()) != null; ) {
            try {
                upload.complete(s3);
                acknowledged.add(upload);
                firstAcknowledgement.countDown();
            } catch (SdkClientException e) { // no answer; an S3 error answer fails the caller

                unsettled.add(upload);
                if (!refused(e)) {
                    inFlight.incrementAndGet();
                }
            }
        }
    }

    boolean awaitFirstAcknowledgement(Duration patience) throws InterruptedException {
        return firstAcknowledgement.await(patience.toMillis(), TimeUnit.MILLISECONDS);
    }

    List<OneMultipart> acknowledged() {
        return acknowledged;
    }

    List<OneMultipart> unsettled() {
        return unsettled;
    }

    /** Completions sent that got no answer: the gateway died with them in progress. */
    int inFlight() {
        return inFlight.get();
    }

    private static boolean refused(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                return true;
            }
        }
        return false;
    }
}
