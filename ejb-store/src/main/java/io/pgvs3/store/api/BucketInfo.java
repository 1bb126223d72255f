package io.pgvs3.store.api;

import java.time.Instant;

/** A bucket as ListBuckets shows it. */
public record BucketInfo(String name, Instant created) {
}
