package io.pgvs3.e2e;

import java.time.Duration;

/**
 * How long and how large the fault suite runs, from system properties {@code pgvs3.faults.*}. The
 * defaults are the short version of the normal build (seconds, small bodies); {@code -Pfaults} sets the
 * long one (docs/testing.md), and any single value can be given with {@code -D}.
 */
record FaultBudget(int rounds, long putBytes, long partBytes, int completes, Duration load, Duration race,
                   Duration soak, long largeBytes) {

    static FaultBudget get() {
        return new FaultBudget(
                Integer.getInteger("pgvs3.faults.rounds", 1),
                Long.getLong("pgvs3.faults.putBytes", 8L << 20),
                Long.getLong("pgvs3.faults.partBytes", 5L << 20),
                Integer.getInteger("pgvs3.faults.completes", 16),
                Duration.ofSeconds(Long.getLong("pgvs3.faults.loadSeconds", 3)),
                Duration.ofSeconds(Long.getLong("pgvs3.faults.raceSeconds", 8)),
                Duration.ofSeconds(Long.getLong("pgvs3.faults.soakSeconds", 10)),
                Long.getLong("pgvs3.faults.largeBytes", 2L << 20));
    }
}
