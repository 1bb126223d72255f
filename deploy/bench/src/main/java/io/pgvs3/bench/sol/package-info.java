/**
 * The sol ("speed of light") run of issue 8: large objects through the gateway on one stream,
 * against floors measured in the same run: a loopback HTTP server that only moves bytes, and
 * PostgreSQL's own write (binary COPY) and read (row-range reads, three ways) of the same rows in a
 * copy of the chunks table (schema {@code pgvs3_bench}, which the floor owns).
 */
package io.pgvs3.bench.sol;
