package io.pgvs3.bench.cases;

import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.targets.Target;
import java.util.List;

/** One kind of measured call, independent of how many workers make it. */
public interface Workload {
    /** Short operation name for results and tables, e.g. GET, RANGE, LIST. */
    String op();

    /** Bytes per call: the object, range or body size (0 for listings and batches). */
    long size();

    /** What {@link io.pgvs3.bench.load.Outcome#units()} counts: req, page or key. */
    String unit();

    /** Whether this workload runs on that target (S3 workloads on S3 servers, the floor on PostgreSQL). */
    boolean runsOn(Target target);

    List<Fixture> fixtures();

    /** True when calls are separated by untimed preparation, which changes how the rate is clocked. */
    default boolean untimedSetup() {
        return false;
    }

    Operation.Factory operations(Target target);
}
