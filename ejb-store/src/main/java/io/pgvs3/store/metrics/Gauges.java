package io.pgvs3.store.metrics;

import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * Registers the store's gauges in the application's metric registry. The numbers live in the store's
 * beans, so every gauge is read at scrape time: each scrape asks for a snapshot and the gauge shows one
 * field of it. Names use dots and become {@code pgvs3_*} in Prometheus, as every metric of the gateway.
 */
public final class Gauges {

    private final MetricRegistry registry;

    public Gauges(MetricRegistry registry) {
        this.registry = registry;
    }

    void gauge(String name, String description, Supplier<Number> value) {
        registry.gauge(Metadata.builder().withName(name).withDescription(description).build(), value);
    }

    <T> void sampled(String name, String description, Supplier<T> snapshot, Function<T, Number> field) {
        gauge(name, description, () -> field.apply(snapshot.get()));
    }
}
