/**
 * The closed-loop engine: N worker threads, each with its own {@link io.pgvs3.bench.load.Operation},
 * call as fast as answers come for a warm-up and then a fixed measured window; latencies go into
 * per-worker histograms merged at the end, and CPU is read from the client JVM and from the server's
 * {@code /proc/<pid>/stat} at the window's edges. It knows nothing of S3 or SQL.
 */
package io.pgvs3.bench.load;
