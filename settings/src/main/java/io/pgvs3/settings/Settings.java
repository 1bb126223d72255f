package io.pgvs3.settings;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * Reads one module's settings as text and parses them here, so that a bad value names its key and the
 * value given ({@code pgvs3.s3.copy.keepalive-after is 'banana', not a duration ...}). Every read of a bad
 * value records a problem and returns the default, so that one start reports all bad settings at once;
 * {@link #check(Logger)} then refuses them together. Secrets are read with {@link #text} only and never echoed.
 */
public final class Settings {

    private final Function<String, Optional<String>> lookup;
    private final List<String> problems = new ArrayList<>();

    public Settings(Function<String, Optional<String>> lookup) {
        this.lookup = lookup;
    }

    public static Settings of(Config config) {
        return new Settings(key -> config.getOptionalValue(key, String.class));
    }

    /** The value, trimmed; empty when unset or blank. */
    public Optional<String> text(String key) {
        return lookup.apply(key).map(String::trim).filter(v -> !v.isEmpty());
    }

    public String text(String key, String fallback) {
        return text(key).orElse(fallback);
    }

    /** A comma-separated list, each item trimmed, empty items dropped. */
    public List<String> list(String key) {
        return text(key).stream().flatMap(v -> Arrays.stream(v.split(","))).map(String::trim)
                .filter(v -> !v.isEmpty()).toList();
    }

    public int integer(String key, int fallback) {
        return parse(key, fallback, Integer::parseInt, "a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE);
    }

    public long number(String key, long fallback) {
        return parse(key, fallback, Long::parseLong, "a whole number");
    }

    /** true or false (also yes/no, on/off, 1/0), in any case. */
    public boolean flag(String key, boolean fallback) {
        return parse(key, fallback, Settings::parseFlag, "true or false");
    }

    /** An ISO-8601 duration such as PT2S, PT0.5S or PT10M. */
    public Duration duration(String key, Duration fallback) {
        return parse(key, fallback, Duration::parse, "a duration (ISO-8601, e.g. PT2S, PT0.5S or PT10M)");
    }

    /** Records {@code problem} unless {@code ok}: for ranges and rules between settings. */
    public void require(boolean ok, String problem) {
        if (!ok) {
            problems.add(problem);
        }
    }

    /** Every problem recorded so far, one sentence each. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /**
     * Refuses the settings read so far if any was bad: each problem is one SEVERE line on {@code log}
     * (the module's own logger), then all of them together in the exception that stops the application.
     */
    public void check(Logger log) {
        problems.forEach(log::severe);
        if (!problems.isEmpty()) {
            throw new InvalidSettingsException(problems);
        }
    }

    private <T> T parse(String key, T fallback, Function<String, T> parser, String expected) {
        Optional<String> value = text(key);
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            return parser.apply(value.get());
        } catch (NumberFormatException | DateTimeParseException e) {
            problems.add(key + " is '" + value.get() + "', not " + expected);
            return fallback;
        }
    }

    private static boolean parseFlag(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw new NumberFormatException(value);
        };
    }
}
