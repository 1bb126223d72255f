/**
 * The benchmark harness behind {@code deploy/bench/run.sh}: {@link io.pgvs3.bench.BenchMain} parses the
 * command line and hands over to {@code run} (the matrix), {@code report} (tables and chart), the paired
 * comparison, {@code sol} (large objects against their floors) or {@code memory} (large bodies against
 * a small heap). It talks to the gateway and the peer only over the S3 wire protocol and to PostgreSQL
 * only for the floors; it never links the gateway's own code.
 */
package io.pgvs3.bench;
