package io.pgvs3.property;

import java.util.OptionalLong;

/**
 * The two switches of a property run, read from system properties so that Maven's {@code -D} reaches
 * them: {@code pgvs3.fuzz.tries} replaces every property's own number of tries (the opt-in long run),
 * {@code pgvs3.fuzz.seed} fixes the seed (to replay a failure); both unset in a normal build.
 */
public final class FuzzSettings {

    static final String TRIES = "pgvs3.fuzz.tries";
    static final String SEED = "pgvs3.fuzz.seed";

    private FuzzSettings() {
    }

    /** The tries a property runs: the override when set, else its own default. */
    static int tries(int defaultTries) {
        String value = System.getProperty(TRIES);
        if (value == null || value.isBlank()) {
            return defaultTries;
        }
        int tries = Integer.parseInt(value.strip());
        if (tries < 1) {
            throw new IllegalArgumentException(TRIES + " must be at least 1, not " + tries);
        }
        return tries;
    }

    /** The fixed seed, if one was given. */
    static OptionalLong seed() {
        String value = System.getProperty(SEED);
        return value == null || value.isBlank() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(value.strip()));
    }
}
