/**
 * The benchmark cases: what each workload does per call, which data it needs prefilled
 * ({@link io.pgvs3.bench.cases.Fixture}) and the catalogue of (workload, workers) pairs that makes up
 * the matrix. A new case is one line in {@link io.pgvs3.bench.cases.CaseCatalog}; a new object size is
 * one {@link io.pgvs3.bench.cases.Dataset} constant.
 */
package io.pgvs3.bench.cases;
