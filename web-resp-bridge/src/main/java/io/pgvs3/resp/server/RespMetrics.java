package io.pgvs3.resp.server;

import io.pgvs3.resp.command.CommandObserver;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The bridge's metrics ({@code pgvs3_resp_*} in Prometheus): connections (and why they closed) here, commands by
 * name and status, command latency by name and pipeline depth in {@link CommandMeters}, which the workers call.
 */
@ApplicationScoped
public class RespMetrics {

    static final String CONNECTIONS = "pgvs3.resp.connections";
    static final String ACCEPTED = "pgvs3.resp.connections.accepted";
    static final String REJECTED = "pgvs3.resp.connections.rejected";
    static final String CLOSED = "pgvs3.resp.connections.closed";
    static final String COMMANDS = "pgvs3.resp.commands";
    static final String DURATION = "pgvs3.resp.command.duration";
    static final String PIPELINE = "pgvs3.resp.pipeline.depth";

    @Inject
    private MetricRegistry registry;

    private Counter accepted;
    private Counter rejected;
    private final Map<CloseReason, Counter> closed = new EnumMap<>(CloseReason.class);
    private CommandObserver commands;

    @PostConstruct
    void init() {
        accepted = registry.counter(meta(ACCEPTED, "RESP connections accepted"));
        rejected = registry.counter(meta(REJECTED, "RESP connections refused at the client limit"));
        for (CloseReason reason : CloseReason.values()) {
            closed.put(reason, registry.counter(meta(CLOSED, "RESP connections closed, by why the bridge closed them"),
                    new Tag("reason", reason.label())));
        }
        commands = new CommandMeters(registry);
    }

    /** The gauge of open connections, read at scrape time. */
    void connections(Supplier<Number> open) {
        registry.gauge(meta(CONNECTIONS, "open RESP connections"), open);
    }

    /**
     * What the workers count commands with: an object of its own. This bean returning {@code this} from a call
     * through its client proxy gave the workers the proxy, not the bean (JFR showed each of their calls in Weld).
     */
    CommandObserver observer() {
        return commands;
    }

    void accepted() {
        accepted.inc();
    }

    void rejected() {
        rejected.inc();
    }

    void closed(CloseReason reason) {
        closed.get(reason).inc();
    }

    static Metadata meta(String name, String description) {
        return Metadata.builder().withName(name).withDescription(description).build();
    }
}
