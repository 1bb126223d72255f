package io.pgvs3.store.config;

import io.pgvs3.settings.Settings;
import java.nio.file.Path;
import java.time.Duration;

/**
 * This gateway's side of origin-backed buckets (docs/configuration.md): timeouts of origin requests, how
 * many fills run at once and how long a request waits for one, the spool's room in the heap and on
 * scratch disk, and the write-back drain's uploads (how many at once, the part size above which one is a
 * multipart upload), tick and lease.
 */
public record OriginSettings(Duration connectTimeout, Duration readTimeout, int fillConcurrency,
                             Duration admissionWait, long spoolMemoryBytes, long spoolDiskBytes, Path spoolDirectory,
                             int uploadConcurrency, long uploadPartBytes, Duration drainInterval, Duration flushLease,
                             Duration fillWait, Duration fillLease) {

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
                        Path.of(System.getProperty("java.io.tmpdir"), "pgvs3-origin-spool").toString())),
                settings.integer("pgvs3.origin.upload.concurrency", 4),
                settings.number("pgvs3.origin.upload.part-size", 64L << 20),
                settings.duration("pgvs3.origin.drain.interval", Duration.ofSeconds(1)),
                settings.duration("pgvs3.origin.flush.lease", Duration.ofMinutes(5)),
                settings.duration("pgvs3.origin.fill.wait", Duration.ofSeconds(10)),
                settings.duration("pgvs3.origin.fill.lease", Duration.ofSeconds(30)));
        settings.require(origin.fillConcurrency >= 1, "pgvs3.origin.fill.concurrency must be at least 1");
        settings.require(origin.uploadConcurrency >= 1 && origin.uploadConcurrency <= 64,
                "pgvs3.origin.upload.concurrency must be from 1 to 64");
        settings.require(origin.uploadPartBytes >= 5L << 20 && origin.uploadPartBytes <= 5L << 30,
                "pgvs3.origin.upload.part-size must be from 5242880 (5 MiB) to 5368709120 (5 GiB), S3's part sizes");
        settings.require(origin.fillLease.toMillis() >= 1000, "pgvs3.origin.fill.lease must be at least PT1S");
        settings.require(origin.drainInterval.toMillis() >= 100, "pgvs3.origin.drain.interval must be at least PT0.1S");
        settings.require(memory >= 0 && origin.spoolDiskBytes >= 0, "pgvs3.origin.spool budgets must not be negative");
        return origin;
    }
}
