package io.pgvs3.e2e;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * What clients saw under a fault: answers, clean S3 errors (500 or 503 with an S3 XML error body), and
 * anything else (no answer within the client's timeout, a reset, an HTML page, another status), which
 * is a defect.
 */
final class LoadOutcomes {

    private static final Set<String> SERVER_CODES = Set.of("ServiceUnavailable", "InternalError", "SlowDown");

    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong cleanErrors = new AtomicLong();
    private final AtomicLong slowestNanos = new AtomicLong();
    private final List<String> defects = new CopyOnWriteArrayList<>();

    /** Runs one request; a clean S3 error is counted, anything else is recorded as a defect. */
    <T> T attempt(String what, Supplier<T> request) {
        long start = System.nanoTime();
        try {
            T result = request.get();
            answered.incrementAndGet();
            return result;
        } catch (S3Exception e) {
            if (isClean(e)) {
                cleanErrors.incrementAndGet();
            } else {
                defects.add(what + ": " + describe(e));
            }
        } catch (SdkException e) {
            defects.add(what + ": no answer: " + e);
        } finally {
            slowestNanos.accumulateAndGet(System.nanoTime() - start, Math::max);
        }
        return null;
    }

    /**
     * The SDK keeps no raw error body, but it reads an error code only from an XML {@code <Error>} body, and
     * Liberty's own pages are HTML: both are checked.
     */
    static boolean isClean(S3Exception e) {
        String contentType = e.awsErrorDetails().sdkHttpResponse().firstMatchingHeader("Content-Type").orElse("");
        return (e.statusCode() == 500 || e.statusCode() == 503)
                && SERVER_CODES.contains(e.awsErrorDetails().errorCode())
                && contentType.startsWith("application/xml");
    }

    private static String describe(S3Exception e) {
        return e.statusCode() + " " + e.awsErrorDetails().errorCode() + " ("
                + e.awsErrorDetails().sdkHttpResponse().firstMatchingHeader("Content-Type").orElse("no Content-Type")
                + "): " + e.getMessage();
    }

    void defect(String description) {
        defects.add(description);
    }

    long answered() {
        return answered.get();
    }

    long cleanErrors() {
        return cleanErrors.get();
    }

    List<String> defects() {
        return defects;
    }

    long slowestMillis() {
        return slowestNanos.get() / 1_000_000;
    }
}
