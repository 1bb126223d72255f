package io.pgvs3.store.metrics;

import io.pgvs3.store.api.NamespaceStats;
import io.pgvs3.store.api.StoreReport;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The reaper's queue over all namespaces of the database (files, chunk rows, bytes, age of the oldest),
 * so an operator can alert on a reaper that falls behind. The numbers come from the store's report,
 * which queries every namespace: scrapes within {@link #FRESH} share one, and a report that fails
 * shows as NaN rather than as an old number.
 */
public final class GarbageMetrics {

    private static final Logger LOG = Logger.getLogger(GarbageMetrics.class.getName());
    private static final Duration FRESH = Duration.ofSeconds(10);

    private final Gauges metrics;
    private final Supplier<StoreReport> report;

    private Queue last;
    private Instant lastAt;

    /** {@code report} is the store's report over every namespace ({@code StoreStats.report}). */
    public GarbageMetrics(Gauges metrics, Supplier<StoreReport> report) {
        this.metrics = metrics;
        this.report = report;
    }

    /** The queue as one report saw it; NaN everywhere when the report failed. */
    record Queue(double files, double rows, double bytes, double oldestSeconds) {

        static Queue of(StoreReport report) {
            long files = 0;
            long rows = 0;
            long bytes = 0;
            Duration oldest = Duration.ZERO;
            for (NamespaceStats ns : report.namespaces()) {
                files += ns.garbageFiles();
                rows += ns.garbageChunkRows();
                bytes += ns.garbageBytes();
                if (ns.oldestGarbageAge() != null && ns.oldestGarbageAge().compareTo(oldest) > 0) {
                    oldest = ns.oldestGarbageAge();
                }
            }
            return new Queue(files, rows, bytes, oldest.toMillis() / 1000.0);
        }

        static final Queue UNKNOWN = new Queue(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    public void register() {
        metrics.sampled("pgvs3.garbage.files", "files queued for the reaper, all namespaces", this::current,
                Queue::files);
        metrics.sampled("pgvs3.garbage.chunk.rows", "chunk rows of the queued files", this::current, Queue::rows);
        metrics.sampled("pgvs3.garbage.bytes", "chunk rows of the queued files × 8,120 (an upper bound of their bytes)",
                this::current, Queue::bytes);
        metrics.sampled("pgvs3.garbage.oldest.age.seconds", "how long the oldest queued file has waited (0: none)",
                this::current, Queue::oldestSeconds);
    }

    private synchronized Queue current() {
        Instant now = Instant.now();
        if (last == null || lastAt.plus(FRESH).isBefore(now)) {
            try {
                last = Queue.of(report.get());
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "the garbage queue could not be measured", e);
                last = Queue.UNKNOWN;
            }
            lastAt = now;
        }
        return last;
    }
}
