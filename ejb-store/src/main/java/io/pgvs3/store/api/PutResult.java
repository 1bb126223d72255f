package io.pgvs3.store.api;

import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.time.Instant;

/**
 * What a committed PUT published. {@code etag} is unquoted; {@code checksum} is null when none was stored;
 * {@code inline} says whether the body went into the object's row (small bodies) rather than a chunked file.
 */
public record PutResult(String etag, long size, Instant lastModified, ObjectChecksum checksum, boolean inline) {
}
