/**
 * The runtime floor of the benchmarks (docs/benchmarks.md): the least a JAX-RS answer costs on the Liberty
 * the gateway runs on, measured beside the gateway in the same run. One application-scoped resource, no
 * filters, no providers of its own, no state but one fixed body; it touches nothing outside itself.
 */
package io.pgvs3.runtimefloor;
