package io.pgvs3.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** {@code --name value} options of one subcommand; unknown names are an error, not silently ignored. */
final class Args {
    private final Map<String, String> values = new HashMap<>();

    Args(String[] args, int from, Set<String> known) {
        for (int i = from; i < args.length; i += 2) {
            String name = args[i];
            if (!name.startsWith("--") || !known.contains(name.substring(2))) {
                throw new IllegalArgumentException("unknown option " + name + "; known: " + known);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            values.put(name.substring(2), args[i + 1]);
        }
    }

    String required(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }

    String get(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    /** A duration in (possibly fractional) seconds, e.g. 10 or 0.5. */
    Duration seconds(String name, String fallback) {
        return Duration.ofMillis(Math.round(Double.parseDouble(get(name, fallback)) * 1000));
    }
}
