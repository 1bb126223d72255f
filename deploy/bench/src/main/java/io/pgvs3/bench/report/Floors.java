package io.pgvs3.bench.report;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which floor bounds which case: the primary-key SELECT is the least work a small read can cost, so
 * it bounds small GETs, HEADs and ranges at the same number of workers, and nothing else.
 */
final class Floors {
    private static final Set<String> SMALL_READS = Set.of("GET", "HEAD", "RANGE");
    private static final long SMALL = 64 * 1024;

    private Floors() {
    }

    static Optional<Summary> matching(List<Summary> summaries, Summary s) {
        if (!SMALL_READS.contains(s.op()) || s.size() > SMALL) {
            return Optional.empty();
        }
        return summaries.stream().filter(f -> f.role().equals("floor") && f.workers() == s.workers()).findFirst();
    }
}
