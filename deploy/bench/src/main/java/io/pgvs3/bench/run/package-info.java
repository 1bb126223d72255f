/**
 * One benchmark run: the matrix of cases × targets × trials in alternating order, fixtures established
 * on first use, every result appended to the NDJSON file as soon as it exists (a run cut short keeps
 * what it measured).
 */
package io.pgvs3.bench.run;
