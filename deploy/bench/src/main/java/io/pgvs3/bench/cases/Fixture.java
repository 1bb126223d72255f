package io.pgvs3.bench.cases;

import io.pgvs3.bench.targets.Target;

/**
 * Data a workload needs before it is measured (objects, a table). Established once per target and
 * run, untimed, and idempotent so a rerun on the same state directory only overwrites.
 */
public interface Fixture {
    /** Identifies the fixture within a target, so two cases sharing one prefill it once. */
    String id();

    void establish(Target target) throws Exception;
}
