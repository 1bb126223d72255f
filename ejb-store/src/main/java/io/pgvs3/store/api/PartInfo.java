package io.pgvs3.store.api;

import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.time.Instant;

/** One stored part. {@code etag} is the unquoted hex MD5 of the part; {@code checksum} is null when none. */
public record PartInfo(int partNumber, String etag, long size, Instant lastModified, ObjectChecksum checksum) {
}
