package io.pgvs3.s3.auth;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The parses of values a client repeats on every request (its Authorization header's credential scope and
 * signed-header list change once a day or never), kept so that each is parsed once. A pure parse only:
 * the same value always parses the same, and a value that fails to parse is not kept. Bounded: once
 * {@code capacity} values are kept it starts over, so a client that sends ever new values costs a parse
 * each time, never memory.
 */
final class RepeatedValues<K, V> {

    private final int capacity;
    private final Function<K, V> parse;
    private final ConcurrentHashMap<K, V> parsed = new ConcurrentHashMap<>();

    RepeatedValues(int capacity, Function<K, V> parse) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
        this.parse = parse;
    }

    /** The parse of {@code value}; whatever the parse throws for a value it refuses. */
    V of(K value) {
        V known = parsed.get(value);
        if (known != null) {
            return known;
        }
        V fresh = parse.apply(value);
        if (parsed.size() >= capacity) {
            parsed.clear();
        }
        parsed.put(value, fresh);
        return fresh;
    }

    /** How many parses are kept (for tests). */
    int size() {
        return parsed.size();
    }
}
