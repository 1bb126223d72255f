package io.pgvs3.resp.server;

import io.pgvs3.resp.command.CommandObserver;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Histogram;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * What the workers count for each batch: commands by name and status, their latency, the pipeline depth. A
 * plain object, not a bean, so the workers call it directly: through a CDI client proxy every call pushed and
 * popped Weld's interception stack (5 % of the bridge's CPU for GET at pipeline 16, JFR). Meters are
 * looked up once per name and status and then kept, and a stretch of one command in a batch is counted with
 * one increment and one latency sample (its commands share their latency).
 */
final class CommandMeters implements CommandObserver {

    /** One command's meters: its latency, its successes, and its failures by status. */
    private record Meters(Timer duration, Counter ok, ConcurrentMap<String, Counter> failed) {
    }

    private final MetricRegistry registry;
    private final ConcurrentMap<String, Meters> meters = new ConcurrentHashMap<>();
    private final Histogram pipeline;

    CommandMeters(MetricRegistry registry) {
        this.registry = registry;
        this.pipeline = registry.histogram(RespMetrics.meta(RespMetrics.PIPELINE,
                "commands decoded from one read of a connection"));
    }

    @Override
    public void commands(String name, String status, int count, long nanos) {
        Meters m = meters.get(name);
        if (m == null) {
            m = meters.computeIfAbsent(name, n -> new Meters(registry.timer(
                    RespMetrics.meta(RespMetrics.DURATION, "RESP command latency, from its batch's start until its"
                            + " reply is ready; one sample per stretch of one command in a batch"), new Tag("command", n)),
                    counter(n, "ok"), new ConcurrentHashMap<>()));
        }
        Counter counter = status.equals("ok") ? m.ok() : m.failed().computeIfAbsent(status, s -> counter(name, s));
        counter.inc(count);
        m.duration().update(Duration.ofNanos(nanos));
    }

    private Counter counter(String name, String status) {
        return registry.counter(RespMetrics.meta(RespMetrics.COMMANDS,
                "RESP commands answered, by command and status (ok or the error code)"),
                new Tag("command", name), new Tag("status", status));
    }

    @Override
    public void batch(int depth) {
        pipeline.update(depth);
    }
}
