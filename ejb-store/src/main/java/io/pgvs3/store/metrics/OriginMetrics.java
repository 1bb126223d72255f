package io.pgvs3.store.metrics;

import io.pgvs3.store.origin.OriginMeter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricID;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The origin work's counters (docs/operations.md): {@code pgvs3_origin_requests_total{bucket,operation,status}},
 * {@code pgvs3_origin_fills_total{bucket,result}}, {@code pgvs3_origin_flushes_total{bucket,result}},
 * {@code pgvs3_origin_stale_serves_total{bucket}}, {@code pgvs3_origin_range_blocks_total{bucket,result}},
 * and per bucket the outbox gauges {@code pgvs3_origin_outbox_pending}, {@code _pending_bytes} and {@code _oldest_age_seconds}. Counters
 * are looked up once per label set and kept.
 */
public final class OriginMetrics implements OriginMeter {

    static final String REQUESTS = "pgvs3.origin.requests";
    static final String FILLS = "pgvs3.origin.fills";
    static final String STALE_SERVES = "pgvs3.origin.stale.serves";
    static final String RANGE_BLOCKS = "pgvs3.origin.range.blocks";
    static final String FLUSHES = "pgvs3.origin.flushes";
    static final String PENDING = "pgvs3.origin.outbox.pending";
    static final String PENDING_BYTES = "pgvs3.origin.outbox.pending.bytes";
    static final String OLDEST = "pgvs3.origin.outbox.oldest.age.seconds";

    private final MetricRegistry registry;
    private final ConcurrentHashMap<String, Counter> counters = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, AtomicReference<Backlog>> backlogs = new ConcurrentHashMap<>();

    public OriginMetrics(MetricRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void request(String bucket, String operation, String status) {
        counter(REQUESTS, "requests this gateway made to origins", new Tag("bucket", bucket),
                new Tag("operation", operation), new Tag("status", status)).inc();
    }

    @Override
    public void fill(String bucket, String result) {
        counter(FILLS, "read-through fills of origin-backed buckets by result", new Tag("bucket", bucket),
                new Tag("result", result)).inc();
    }

    @Override
    public void staleServe(String bucket) {
        counter(STALE_SERVES, "cached objects served past their TTL because the origin could not be asked",
                new Tag("bucket", bucket)).inc();
    }

    @Override
    public void rangeBlocks(String bucket, String result, long blocks) {
        counter(RANGE_BLOCKS, "blocks of range caches that cold ranges read, by result", new Tag("bucket", bucket),
                new Tag("result", result)).inc(blocks);
    }

    @Override
    public void flush(String bucket, String result) {
        counter(FLUSHES, "write-back flushes to origins by result", new Tag("bucket", bucket),
                new Tag("result", result)).inc();
    }

    /**
     * Registers the backlog gauges of a bucket when the drain first sees it, updates what they read, and
     * removes those of buckets that are gone.
     */
    @Override
    public void backlog(Map<String, Backlog> byBucket) {
        byBucket.forEach((bucket, backlog) -> backlogs.computeIfAbsent(bucket, this::registerBacklog).set(backlog));
        for (String gone : backlogs.keySet()) {
            if (!byBucket.containsKey(gone)) {
                backlogs.remove(gone);
                Tag tag = new Tag("bucket", gone);
                for (String name : List.of(PENDING, PENDING_BYTES, OLDEST)) {
                    registry.remove(new MetricID(name, tag));
                }
            }
        }
    }

    private AtomicReference<Backlog> registerBacklog(String bucket) {
        AtomicReference<Backlog> current = new AtomicReference<>(new Backlog(0, 0, 0));
        Tag tag = new Tag("bucket", bucket);
        gauge(PENDING, "write-backs acknowledged and not yet at the origin", () -> current.get().objects(), tag);
        gauge(PENDING_BYTES, "their bytes", () -> current.get().bytes(), tag);
        gauge(OLDEST, "how long the oldest of them has waited", () -> current.get().oldestSeconds(), tag);
        return current;
    }

    private void gauge(String name, String description, Supplier<Number> value, Tag tag) {
        registry.gauge(Metadata.builder().withName(name).withDescription(description).build(), value, tag);
    }

    private Counter counter(String name, String description, Tag... tags) {
        StringBuilder key = new StringBuilder(name);
        for (Tag tag : tags) {
            key.append('\n').append(tag.getTagValue());
        }
        return counters.computeIfAbsent(key.toString(), k -> registry.counter(
                Metadata.builder().withName(name).withDescription(description).build(), tags));
    }
}
