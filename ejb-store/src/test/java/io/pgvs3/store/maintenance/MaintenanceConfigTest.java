package io.pgvs3.store.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.settings.InvalidSettingsException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.eclipse.microprofile.config.spi.Converter;
import org.junit.jupiter.api.Test;

class MaintenanceConfigTest {

    /** Just enough MicroProfile Config for {@link MaintenanceConfig#from}. */
    private record MapConfig(Map<String, String> values) implements Config {
        @Override
        public <T> Optional<T> getOptionalValue(String name, Class<T> type) {
            String raw = values.get(name);
            if (raw == null) {
                return Optional.empty();
            }
            Object value = type == Integer.class ? Integer.valueOf(raw) : type == Boolean.class ? Boolean.valueOf(raw) : raw;
            return Optional.of(type.cast(value));
        }

        @Override
        public <T> T getValue(String name, Class<T> type) {
            return getOptionalValue(name, type).orElseThrow();
        }

        @Override
        public ConfigValue getConfigValue(String name) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Iterable<String> getPropertyNames() {
            return values.keySet();
        }

        @Override
        public Iterable<ConfigSource> getConfigSources() {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> Optional<Converter<T>> getConverter(Class<T> type) {
            return Optional.empty();
        }

        @Override
        public <T> T unwrap(Class<T> type) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void defaultsAreTheDocumentedOnes() {
        MaintenanceConfig config = MaintenanceConfig.from(new MapConfig(Map.of()));
        assertEquals(MaintenanceConfig.defaults(), config);
        assertTrue(config.enabled());
        assertEquals(Duration.ofSeconds(30), config.interval());
        assertEquals(Duration.ofMinutes(10), config.reaperGrace());
        assertEquals(65_536, config.maxRowsPerPass());
        assertEquals(16, config.maxPassesPerTick());
        assertEquals(Duration.ofHours(24), config.uploadsExpireAfter());
        assertEquals(4096, config.ttlBatch());
        assertEquals(64, config.ttlBatchesPerTick());
    }

    @Test
    void everyKeyIsRead() {
        MaintenanceConfig config = MaintenanceConfig.from(new MapConfig(Map.of(
                "pgvs3.maintenance.enabled", "false", "pgvs3.maintenance.interval", "PT2S",
                "pgvs3.reaper.grace", "PT0S", "pgvs3.reaper.max-rows-per-pass", "1000",
                "pgvs3.reaper.max-passes-per-tick", "3", "pgvs3.uploads.expire-after", "PT1H",
                "pgvs3.ttl.batch", "100", "pgvs3.ttl.max-batches-per-tick", "5")));
        assertEquals(new MaintenanceConfig(false, Duration.ofSeconds(2), Duration.ZERO, 1000, 3, Duration.ofHours(1),
                100, 5), config);
    }

    @Test
    void outOfRangeValuesAreRefusedTogetherWithTheirKeysAndValues() {
        InvalidSettingsException e = assertThrows(InvalidSettingsException.class, () -> MaintenanceConfig.from(
                new MapConfig(Map.of("pgvs3.reaper.max-rows-per-pass", "65537", "pgvs3.reaper.grace", "-PT1S",
                        "pgvs3.maintenance.interval", "PT0.05S"))));
        assertTrue(e.getMessage().contains("pgvs3.reaper.max-rows-per-pass is 65537, not 1..65536"), e.getMessage());
        assertTrue(e.getMessage().contains("pgvs3.reaper.grace is PT-1S, a negative duration"), e.getMessage());
        assertTrue(e.getMessage().contains("pgvs3.maintenance.interval is PT0.05S, below the least of PT0.1S"),
                e.getMessage());
    }

    @Test
    void aRecordOutOfRangeIsRefusedToo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MaintenanceConfig.defaults().withTtl(0, 1));
        assertTrue(e.getMessage().contains("pgvs3.ttl.batch is 0"), e.getMessage());
    }

    @Test
    void anUnparsableValueIsRefusedWithItsKeyAndValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MaintenanceConfig.from(
                new MapConfig(Map.of("pgvs3.reaper.grace", "ten minutes"))));
        assertTrue(e.getMessage().contains("pgvs3.reaper.grace is 'ten minutes', not a duration"), e.getMessage());
    }
}
