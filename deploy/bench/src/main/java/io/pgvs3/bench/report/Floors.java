package io.pgvs3.bench.report;

import io.pgvs3.bench.floor.RuntimeFloor;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which floor bounds which case. The primary-key SELECT is the least work a small read can cost in
 * PostgreSQL, so it bounds small GETs, HEADs and ranges at the same number of workers. The runtime floor
 * is the least a Liberty answer of the same size costs, so it bounds GETs and HEADs of objects of its size
 * at the same number of workers (issue 21: the gateway's CPU per call at most a small multiple of it).
 */
final class Floors {
    private static final Set<String> SMALL_READS = Set.of("GET", "HEAD", "RANGE");
    private static final Set<String> WHOLE_READS = Set.of("GET", "HEAD");
    private static final long SMALL = 64 * 1024;

    private Floors() {
    }

    /** The PostgreSQL floor of {@code s}, if it has one. */
    static Optional<Summary> matching(List<Summary> summaries, Summary s) {
        if (!SMALL_READS.contains(s.op()) || s.size() > SMALL) {
            return Optional.empty();
        }
        return summaries.stream().filter(f -> f.role().equals("floor") && f.workers() == s.workers()).findFirst();
    }

    /** The runtime floor of {@code s} (a trivial answer's exchange), if it has one. */
    static Optional<Summary> runtime(List<Summary> summaries, Summary s) {
        return runtime(summaries, s, RuntimeFloor.Exchange.TRIVIAL.op());
    }

    /** The runtime floor of {@code s} whose exchange carries an S3 GET's request and answer headers, if any. */
    static Optional<Summary> s3ShapedRuntime(List<Summary> summaries, Summary s) {
        return runtime(summaries, s, RuntimeFloor.Exchange.S3.op());
    }

    private static Optional<Summary> runtime(List<Summary> summaries, Summary s, String floorOp) {
        if (!WHOLE_READS.contains(s.op())) {
            return Optional.empty();
        }
        return summaries.stream()
                .filter(f -> f.role().equals("runtime_floor") && f.op().equals(floorOp) && f.workers() == s.workers()
                        && f.size() == s.size())
                .findFirst();
    }
}
