package io.pgvs3.store.api;

import java.time.Instant;

/** One stored part. {@code etag} is the unquoted hex MD5 of the part. */
public record PartInfo(int partNumber, String etag, long size, Instant lastModified) {
}
