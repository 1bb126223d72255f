package io.pgvs3.s3.auth;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What is parsed or derived from values a client repeats on every request (its Authorization header's
 * credential scope and signed-header list, the signing key of its secret and scope: they change once a day
 * or never), kept so that each is worked out once. A pure function only: the same value always gives the
 * same result, and a value it refuses (throws for) is not kept. Bounded: once {@code capacity} values are
 * kept it starts over, so a client that sends ever new values costs the work each time, never memory.
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

    /** The result for {@code value}; whatever the function throws for a value it refuses. */
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
