package io.pgvs3.s3.metrics;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * Every metric of the S3 WAR, one named helper each; the store publishes its own (store.metrics) and
 * the RESP bridge its own. Names use dots and become {@code pgvs3_*} in Prometheus; timers get
 * {@code _seconds}, counters {@code _total}. Labels are the same everywhere: {@code operation} (the S3
 * operation's AWS name), {@code status}, {@code code} (S3 error code), {@code storage} (inline or
 * chunked). A later mechanism adds its metric as one more helper here; metrics of mechanisms that do
 * not exist yet are not published.
 */
@ApplicationScoped
public class S3Metrics {

    static final String REQUESTS = "pgvs3.requests";
    static final String REQUEST_DURATION = "pgvs3.request.duration";
    static final String RECEIVED_BYTES = "pgvs3.received.bytes";
    static final String SENT_BYTES = "pgvs3.sent.bytes";
    static final String ERRORS = "pgvs3.errors";
    static final String OBJECTS_WRITTEN = "pgvs3.objects.written";

    @Inject
    private MetricRegistry registry;

    /*
     * Meters are looked up in the registry once per label set and then only recorded into: a registry
     * lookup builds metadata and tag objects and takes locks, which a small request cannot afford.
     */
    private final ConcurrentHashMap<String, OperationMeters> byOperation = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Boolean, Counter> written = new ConcurrentHashMap<>();

    /** The meters of one operation; status and error-code counters are added as they occur. */
    private final class OperationMeters {
        private final Tag operation;
        private final Timer duration;
        private final Counter received;
        private final Counter sent;
        /** By status code (HTTP's are three digits): a plain index, no boxed key, no lambda per request. */
        private final AtomicReferenceArray<Counter> byStatus = new AtomicReferenceArray<>(1000);
        private final ConcurrentHashMap<String, Counter> byError = new ConcurrentHashMap<>();

        OperationMeters(String name) {
            operation = new Tag("operation", name);
            duration = registry.timer(Metadata.builder().withName(REQUEST_DURATION)
                    .withDescription("S3 request latency, until the last body byte was written").build(), operation);
            received = counter(RECEIVED_BYTES, "request body bytes read from clients", operation);
            sent = counter(SENT_BYTES, "response body bytes written to clients", operation);
        }

        Counter status(int status) {
            Counter counter = byStatus.get(status);
            if (counter == null) { // the registry answers the same counter to a second thread that gets here
                counter = counter(REQUESTS, "S3 requests answered", operation,
                        new Tag("status", String.valueOf(status)));
                byStatus.set(status, counter);
            }
            return counter;
        }

        Counter error(String code) {
            return byError.computeIfAbsent(code, c -> counter(ERRORS, "S3 error answers by code", operation,
                    new Tag("code", c)));
        }
    }

    /** Requests by operation and status, latency by operation, body bytes both ways, S3 errors by code. */
    public void request(RequestOutcome outcome) {
        OperationMeters meters = byOperation.computeIfAbsent(outcome.operation(), OperationMeters::new);
        meters.status(outcome.status()).inc();
        meters.duration.update(Duration.ofNanos(outcome.nanos()));
        if (outcome.bytesReceived() > 0) {
            meters.received.inc(outcome.bytesReceived());
        }
        if (outcome.bytesSent() > 0) {
            meters.sent.inc(outcome.bytesSent());
        }
        if (outcome.errorCode() != null) {
            meters.error(outcome.errorCode()).inc();
        }
    }

    /** A published object body, stored inline in its row or as a chunked file. */
    public void objectWritten(boolean inline) {
        written.computeIfAbsent(inline, i -> counter(OBJECTS_WRITTEN, "object bodies published, by storage",
                new Tag("storage", i ? "inline" : "chunked"))).inc();
    }

    /** A value sampled at scrape time, e.g. a limiter's occupancy. */
    public void gauge(String name, String description, Supplier<Number> value) {
        registry.gauge(Metadata.builder().withName(name).withDescription(description).build(), value);
    }

    private Counter counter(String name, String description, Tag... tags) {
        return registry.counter(Metadata.builder().withName(name).withDescription(description).build(), tags);
    }
}
