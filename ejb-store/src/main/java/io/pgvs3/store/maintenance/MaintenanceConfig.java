package io.pgvs3.store.maintenance;

import io.pgvs3.store.api.config.Settings;
import java.time.Duration;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * Maintenance settings (MicroProfile Config keys; each also reads from its environment variable, e.g.
 * {@code pgvs3.reaper.grace} ← {@code PGVS3_REAPER_GRACE}). docs/configuration.md lists them.
 *
 * @param interval          time between two ticks of one gateway
 * @param reaperGrace       a queued file is reaped only after waiting this long
 * @param maxRowsPerPass    chunk rows one reaper pass deletes at most (1..65,536)
 * @param maxPassesPerTick  saturated passes chained per namespace within one tick
 * @param uploadsExpireAfter multipart uploads started longer ago than this are expired with their parts
 * @param ttlBatch          expired values deleted per statement
 * @param ttlBatchesPerTick statements per namespace per tick
 */
public record MaintenanceConfig(boolean enabled, Duration interval, Duration reaperGrace, int maxRowsPerPass,
                                int maxPassesPerTick, Duration uploadsExpireAfter, int ttlBatch,
                                int ttlBatchesPerTick) {

    public static final int MAX_ROWS_PER_PASS = 65_536;
    private static final Logger LOG = Logger.getLogger(MaintenanceConfig.class.getName());

    public MaintenanceConfig {
        require(interval.compareTo(Duration.ofMillis(100)) >= 0, "pgvs3.maintenance.interval must be at least 100 ms");
        require(!reaperGrace.isNegative(), "pgvs3.reaper.grace must not be negative");
        require(maxRowsPerPass >= 1 && maxRowsPerPass <= MAX_ROWS_PER_PASS,
                "pgvs3.reaper.max-rows-per-pass must be 1.." + MAX_ROWS_PER_PASS);
        require(maxPassesPerTick >= 1, "pgvs3.reaper.max-passes-per-tick must be at least 1");
        require(!uploadsExpireAfter.isNegative(), "pgvs3.uploads.expire-after must not be negative");
        require(ttlBatch >= 1 && ttlBatch <= 65_536, "pgvs3.ttl.batch must be 1..65536");
        require(ttlBatchesPerTick >= 1, "pgvs3.ttl.max-batches-per-tick must be at least 1");
    }

    public static MaintenanceConfig defaults() {
        return new MaintenanceConfig(true, Duration.ofSeconds(30), Duration.ofMinutes(10), MAX_ROWS_PER_PASS, 16,
                Duration.ofHours(24), 4096, 64);
    }

    /** Reads every key, falling back to {@link #defaults()}; a value that does not parse names its key. */
    public static MaintenanceConfig from(Config config) {
        MaintenanceConfig d = defaults();
        Settings settings = Settings.of(config);
        MaintenanceConfig read = new MaintenanceConfig(
                settings.flag("pgvs3.maintenance.enabled", d.enabled()),
                settings.duration("pgvs3.maintenance.interval", d.interval()),
                settings.duration("pgvs3.reaper.grace", d.reaperGrace()),
                settings.integer("pgvs3.reaper.max-rows-per-pass", d.maxRowsPerPass()),
                settings.integer("pgvs3.reaper.max-passes-per-tick", d.maxPassesPerTick()),
                settings.duration("pgvs3.uploads.expire-after", d.uploadsExpireAfter()),
                settings.integer("pgvs3.ttl.batch", d.ttlBatch()),
                settings.integer("pgvs3.ttl.max-batches-per-tick", d.ttlBatchesPerTick()));
        settings.check(LOG);
        return read;
    }

    /** The same settings with maintenance off (a read-only gateway). */
    public MaintenanceConfig disabled() {
        return new MaintenanceConfig(false, interval, reaperGrace, maxRowsPerPass, maxPassesPerTick,
                uploadsExpireAfter, ttlBatch, ttlBatchesPerTick);
    }

    public MaintenanceConfig withReaperGrace(Duration grace) {
        return new MaintenanceConfig(enabled, interval, grace, maxRowsPerPass, maxPassesPerTick, uploadsExpireAfter,
                ttlBatch, ttlBatchesPerTick);
    }

    public MaintenanceConfig withMaxRowsPerPass(int rows) {
        return new MaintenanceConfig(enabled, interval, reaperGrace, rows, maxPassesPerTick, uploadsExpireAfter,
                ttlBatch, ttlBatchesPerTick);
    }

    public MaintenanceConfig withUploadsExpireAfter(Duration after) {
        return new MaintenanceConfig(enabled, interval, reaperGrace, maxRowsPerPass, maxPassesPerTick, after,
                ttlBatch, ttlBatchesPerTick);
    }

    public MaintenanceConfig withTtl(int batch, int batchesPerTick) {
        return new MaintenanceConfig(enabled, interval, reaperGrace, maxRowsPerPass, maxPassesPerTick,
                uploadsExpireAfter, batch, batchesPerTick);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
