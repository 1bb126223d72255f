package io.pgvs3.store.maintenance;

import io.pgvs3.settings.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
    private static final int MAX_TTL_BATCH = 65_536;
    private static final Duration MIN_INTERVAL = Duration.ofMillis(100);
    private static final Logger LOG = Logger.getLogger(MaintenanceConfig.class.getName());

    public MaintenanceConfig {
        List<String> problems = rangeProblems(interval, reaperGrace, maxRowsPerPass, maxPassesPerTick,
                uploadsExpireAfter, ttlBatch, ttlBatchesPerTick);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }

    /** What is out of range, one sentence per setting naming its key and the value given. */
    private static List<String> rangeProblems(Duration interval, Duration reaperGrace, int maxRowsPerPass,
                                              int maxPassesPerTick, Duration uploadsExpireAfter, int ttlBatch,
                                              int ttlBatchesPerTick) {
        List<String> problems = new ArrayList<>();
        if (interval.compareTo(MIN_INTERVAL) < 0) {
            problems.add("pgvs3.maintenance.interval is " + interval + ", below the least of " + MIN_INTERVAL);
        }
        if (reaperGrace.isNegative()) {
            problems.add("pgvs3.reaper.grace is " + reaperGrace + ", a negative duration");
        }
        if (maxRowsPerPass < 1 || maxRowsPerPass > MAX_ROWS_PER_PASS) {
            problems.add("pgvs3.reaper.max-rows-per-pass is " + maxRowsPerPass + ", not 1.." + MAX_ROWS_PER_PASS);
        }
        if (maxPassesPerTick < 1) {
            problems.add("pgvs3.reaper.max-passes-per-tick is " + maxPassesPerTick + ", not at least 1");
        }
        if (uploadsExpireAfter.isNegative()) {
            problems.add("pgvs3.uploads.expire-after is " + uploadsExpireAfter + ", a negative duration");
        }
        if (ttlBatch < 1 || ttlBatch > MAX_TTL_BATCH) {
            problems.add("pgvs3.ttl.batch is " + ttlBatch + ", not 1.." + MAX_TTL_BATCH);
        }
        if (ttlBatchesPerTick < 1) {
            problems.add("pgvs3.ttl.max-batches-per-tick is " + ttlBatchesPerTick + ", not at least 1");
        }
        return problems;
    }

    public static MaintenanceConfig defaults() {
        return new MaintenanceConfig(true, Duration.ofSeconds(30), Duration.ofMinutes(10), MAX_ROWS_PER_PASS, 16,
                Duration.ofHours(24), 4096, 64);
    }

    /** Reads every key, falling back to {@link #defaults()}; a value that does not parse names its key. */
    public static MaintenanceConfig from(Config config) {
        MaintenanceConfig d = defaults();
        Settings settings = Settings.of(config);
        boolean enabled = settings.flag("pgvs3.maintenance.enabled", d.enabled());
        Duration interval = settings.duration("pgvs3.maintenance.interval", d.interval());
        Duration reaperGrace = settings.duration("pgvs3.reaper.grace", d.reaperGrace());
        int maxRowsPerPass = settings.integer("pgvs3.reaper.max-rows-per-pass", d.maxRowsPerPass());
        int maxPassesPerTick = settings.integer("pgvs3.reaper.max-passes-per-tick", d.maxPassesPerTick());
        Duration uploadsExpireAfter = settings.duration("pgvs3.uploads.expire-after", d.uploadsExpireAfter());
        int ttlBatch = settings.integer("pgvs3.ttl.batch", d.ttlBatch());
        int ttlBatchesPerTick = settings.integer("pgvs3.ttl.max-batches-per-tick", d.ttlBatchesPerTick());
        rangeProblems(interval, reaperGrace, maxRowsPerPass, maxPassesPerTick, uploadsExpireAfter, ttlBatch,
                ttlBatchesPerTick).forEach(problem -> settings.require(false, problem));
        settings.check(LOG);
        return new MaintenanceConfig(enabled, interval, reaperGrace, maxRowsPerPass, maxPassesPerTick,
                uploadsExpireAfter, ttlBatch, ttlBatchesPerTick);
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
}
