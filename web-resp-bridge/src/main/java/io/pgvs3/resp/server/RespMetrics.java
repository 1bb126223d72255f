package io.pgvs3.resp.server;

import io.pgvs3.resp.command.CommandObserver;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Histogram;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * The bridge's metrics ({@code pgvs3_resp_*} in Prometheus): connections, commands by name and status,
 * command latency by name, pipeline depth. Meters are looked up once per name and status and then kept,
 * so a command costs two map reads, not a registry lookup.
 */
@ApplicationScoped
public class RespMetrics implements CommandObserver {

    static final String CONNECTIONS = "pgvs3.resp.connections";
    static final String ACCEPTED = "pgvs3.resp.connections.accepted";
    static final String REJECTED = "pgvs3.resp.connections.rejected";
    static final String COMMANDS = "pgvs3.resp.commands";
    static final String DURATION = "pgvs3.resp.command.duration";
    static final String PIPELINE = "pgvs3.resp.pipeline.depth";

    @Inject
    private MetricRegistry registry;

    private final ConcurrentMap<String, Counter> commands = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Timer> durations = new ConcurrentHashMap<>();
    private Counter accepted;
    private Counter rejected;
    private Histogram pipeline;

    @PostConstruct
    void init() {
        accepted = registry.counter(meta(ACCEPTED, "RESP connections accepted"));
        rejected = registry.counter(meta(REJECTED, "RESP connections refused at the client limit"));
        pipeline = registry.histogram(meta(PIPELINE, "commands decoded from one read of a connection"));
    }

    /** The gauge of open connections, read at scrape time. */
    void connections(Supplier<Number> open) {
        registry.gauge(meta(CONNECTIONS, "open RESP connections"), open);
    }

    void accepted() {
        accepted.inc();
    }

    void rejected() {
        rejected.inc();
    }

    @Override
    public void command(String name, String status, long nanos) {
        commands.computeIfAbsent(name + ' ' + status, k -> registry.counter(
                meta(COMMANDS, "RESP commands answered, by command and status (ok or the error code)"),
                new Tag("command", name), new Tag("status", status))).inc();
        durations.computeIfAbsent(name, k -> registry.timer(
                meta(DURATION, "RESP command latency, from its batch's start until its reply is ready"),
                new Tag("command", name))).update(Duration.ofNanos(nanos));
    }

    @Override
    public void batch(int depth) {
        pipeline.update(depth);
    }

    private static Metadata meta(String name, String description) {
        return Metadata.builder().withName(name).withDescription(description).build();
    }
}
