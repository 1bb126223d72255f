package io.pgvs3.store.api;

import java.time.Instant;

/** One Contents entry of a listing. */
public record ObjectSummary(String key, long size, String etag, Instant lastModified) {
}
