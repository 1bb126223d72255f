/**
 * The benchmark harness behind {@code deploy/bench/run.sh}: {@link io.pgvs3.bench.BenchMain} parses the
 * command line and hands over to {@code run} (the matrix), {@code report} (tables and chart) or the
 * paired comparison. It talks to the gateway and the peer only over the S3 wire protocol and to
 * PostgreSQL only for the floor; it never links the gateway's own code.
 */
package io.pgvs3.bench;
