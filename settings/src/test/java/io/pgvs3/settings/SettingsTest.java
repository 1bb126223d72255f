package io.pgvs3.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class SettingsTest {

    private static Settings settings(Map<String, String> values) {
        return new Settings(key -> Optional.ofNullable(values.get(key)));
    }

    @Test
    void unsetAndBlankValuesGiveTheDefault() {
        Settings s = settings(Map.of("b", "  "));
        assertEquals(7, s.integer("a", 7));
        assertEquals(Duration.ofSeconds(2), s.duration("b", Duration.ofSeconds(2)));
        assertEquals("x", s.text("a", "x"));
        assertEquals(List.of(), s.list("a"));
        s.check(Logger.getAnonymousLogger());
    }

    @Test
    void valuesParseTrimmed() {
        Settings s = settings(Map.of("i", " 12 ", "l", "5000000000", "d", "PT0.5S", "f", "Yes", "list", "a, b,,c"));
        assertEquals(12, s.integer("i", 0));
        assertEquals(5_000_000_000L, s.number("l", 0));
        assertEquals(Duration.ofMillis(500), s.duration("d", Duration.ZERO));
        assertTrue(s.flag("f", false));
        assertEquals(List.of("a", "b", "c"), s.list("list"));
        assertTrue(s.problems().isEmpty());
    }

    @Test
    void everyBadValueIsNamedWithItsKeyAndValue() {
        Settings s = settings(Map.of("pgvs3.s3.copy.keepalive-after", "banana", "pgvs3.resp.max-clients", "12x",
                "pgvs3.resp.tls", "maybe", "pgvs3.read.cache.bytes", "1e9"));
        assertEquals(Duration.ofSeconds(2), s.duration("pgvs3.s3.copy.keepalive-after", Duration.ofSeconds(2)));
        assertEquals(1024, s.integer("pgvs3.resp.max-clients", 1024));
        assertFalse(s.flag("pgvs3.resp.tls", false));
        assertEquals(0, s.number("pgvs3.read.cache.bytes", 0));
        Logger log = Logger.getAnonymousLogger();
        log.setUseParentHandlers(false);
        List<LogRecord> logged = new ArrayList<>();
        log.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        InvalidSettingsException e = assertThrows(InvalidSettingsException.class, () -> s.check(log));
        assertEquals(4, s.problems().size());
        assertEquals(s.problems(), logged.stream().map(LogRecord::getMessage).toList(), "one log line per problem");
        assertTrue(logged.stream().allMatch(r -> r.getLevel() == Level.SEVERE), "all SEVERE");
        assertTrue(e.getMessage().contains("pgvs3.s3.copy.keepalive-after is 'banana', not a duration"), e.getMessage());
        assertTrue(e.getMessage().contains("pgvs3.resp.max-clients is '12x', not a whole number"), e.getMessage());
        assertTrue(e.getMessage().contains("pgvs3.resp.tls is 'maybe', not true or false"), e.getMessage());
        assertTrue(e.getMessage().contains("pgvs3.read.cache.bytes is '1e9', not a whole number"), e.getMessage());
    }

    @Test
    void aNumberTooLargeForItsTypeIsRefused() {
        Settings s = settings(Map.of("n", "3000000000"));
        s.integer("n", 1);
        assertEquals(List.of("n is '3000000000', not a whole number from -2147483648 to 2147483647"), s.problems());
    }

    @Test
    void rulesBetweenSettingsAreReportedWithTheParseProblems() {
        Settings s = settings(Map.of("d", "soon"));
        s.duration("d", Duration.ZERO);
        s.require(false, "x must be positive");
        s.require(true, "never reported");
        assertEquals(List.of("d is 'soon', not a duration (ISO-8601, e.g. PT2S, PT0.5S or PT10M)", "x must be positive"),
                s.problems());
    }
}
