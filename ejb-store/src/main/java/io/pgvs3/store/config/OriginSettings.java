package io.pgvs3.store.config;

import io.pgvs3.settings.Settings;
import java.nio.file.Path;
import java.time.Duration;

/**
 * This gateway's side of origin-backed buckets (docs/configuration.md): timeouts of origin requests, how
 * many fills run at once and how long a request waits for one, and the spool's room in the heap and on
 * scratch disk.
 */
public record OriginSettings(Duration connectTimeout, Duration readTimeout, int fillConcurrency,
                             Duration admissionWait, long spoolMemoryBytes, long spoolDiskBytes, Path spoolDirectory) {

    static OriginSettings of(Settings settings) {
        long memory = settings.number("pgvs3.origin.spool.memory-bytes",
                Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 8));
        OriginSettings origin = new OriginSettings(
                settings.duration("pgvs3.origin.connect-timeout", Duration.ofSeconds(5)),
                settings.duration("pgvs3.origin.read-timeout", Duration.ofSeconds(30)),
                settings.integer("pgvs3.origin.fill.concurrency", 8),
                settings.duration("pgvs3.origin.admission-wait", Duration.ofSeconds(5)),
                memory,
                settings.number("pgvs3.origin.spool.disk-bytes", 8L << 30),
                Path.of(settings.text("pgvs3.origin.spool.dir",
                        Path.of(System.getProperty("java.io.tmpdir"), "pgvs3-origin-spool").toString())));
        settings.require(origin.fillConcurrency >= 1, "pgvs3.origin.fill.concurrency must be at least 1");
        settings.require(memory >= 0 && origin.spoolDiskBytes >= 0, "pgvs3.origin.spool budgets must not be negative");
        return origin;
    }
}
