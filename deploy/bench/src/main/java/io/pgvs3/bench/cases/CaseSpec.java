package io.pgvs3.bench.cases;

/**
 * One row of the matrix: a workload at a number of concurrent workers.
 *
 * @param name     stable id used in results, filters and tables, e.g. get-4k-w16
 * @param workload what each call does
 * @param workers  concurrent workers, one connection each
 */
public record CaseSpec(String name, Workload workload, int workers) {
}
