package io.pgvs3.bench.run;

import java.time.Duration;

/**
 * How long and how often each case runs.
 *
 * @param warmup   unmeasured time before each window (connections, JIT, caches)
 * @param duration measured window per case and target
 * @param trials   rounds over the whole matrix; reports quote the median
 */
public record RunSettings(Duration warmup, Duration duration, int trials) {
    public RunSettings {
        if (trials < 1 || duration.isNegative() || duration.isZero() || warmup.isNegative()) {
            throw new IllegalArgumentException("need trials >= 1, a positive duration and a warm-up >= 0");
        }
    }
}
