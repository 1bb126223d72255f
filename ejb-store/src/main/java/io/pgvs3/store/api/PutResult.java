package io.pgvs3.store.api;

import java.time.Instant;

/** What a committed PUT published. {@code etag} is unquoted. */
public record PutResult(String etag, long size, Instant lastModified) {
}
