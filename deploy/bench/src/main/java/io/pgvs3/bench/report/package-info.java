/**
 * Results and what is made of them: one NDJSON line per (target, case, trial)
 * ({@link io.pgvs3.bench.report.ResultLine}), medians over trials, the docs-ready markdown tables
 * (subject beside peer and floors, a build beside its saved predecessor, or the sol run's calls beside
 * their floors) and the PNG chart, drawn with Java2D so no plotting dependency is needed. Pure
 * functions of the results file; the memory run's phases have their own line format
 * ({@link io.pgvs3.bench.report.MemoryResult}).
 */
package io.pgvs3.bench.report;
