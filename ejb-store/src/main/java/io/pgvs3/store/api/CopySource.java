package io.pgvs3.store.api;

/**
 * The object a copy reads, and the conditions it must meet (null for none).
 */
public record CopySource(String bucket, String key, CopyConditions conditions) {
}
