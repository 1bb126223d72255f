package io.pgvs3.store.api;

/** Live keys of a database and how many of them expire. */
public record KvCounts(long keys, long expires) {
}
