/**
 * The memory run: concurrent large GETs and PUTs against a gateway with a small heap, the heap's
 * high-water mark from the admin port's metrics and any OutOfMemoryError in the gateway's logs.
 */
package io.pgvs3.bench.memory;
