/**
 * The slow-download check of issue 8: one client reading a large object at a trickle while VACUUM runs
 * elsewhere in the database and other clients use the same gateway.
 */
package io.pgvs3.bench.slow;
