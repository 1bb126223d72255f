package io.pgvs3.store.metrics;

import io.pgvs3.store.origin.OriginMeter;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The origin work's counters (docs/operations.md): {@code pgvs3_origin_requests_total{bucket,operation,status}},
 * {@code pgvs3_origin_fills_total{bucket,result}}, {@code pgvs3_origin_flushes_total{bucket,result}} and
 * {@code pgvs3_origin_stale_serves_total{bucket}}. Counters
 * are looked up once per label set and kept.
 */
public final class OriginMetrics implements OriginMeter {

    static final String REQUESTS = "pgvs3.origin.requests";
    static final String FILLS = "pgvs3.origin.fills";
    static final String STALE_SERVES = "pgvs3.origin.stale.serves";
    static final String FLUSHES = "pgvs3.origin.flushes";

    private final MetricRegistry registry;
    private final ConcurrentHashMap<String, Counter> counters = new ConcurrentHashMap<>();

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
    public void flush(String bucket, String result) {
        counter(FLUSHES, "write-back flushes to origins by result", new Tag("bucket", bucket),
                new Tag("result", result)).inc();
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
