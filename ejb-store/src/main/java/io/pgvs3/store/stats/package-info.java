/**
 * Operator statistics: per namespace logical and physical size, object and chunk counts, the garbage
 * queue and incomplete uploads, read from the namespace tables and PostgreSQL's catalog. Reads only.
 */
package io.pgvs3.store.stats;
