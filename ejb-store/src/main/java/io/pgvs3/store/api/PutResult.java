package io.pgvs3.store.api;

import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.time.Instant;

/** What a committed PUT published. {@code etag} is unquoted; {@code checksum} is null when none was stored. */
public record PutResult(String etag, long size, Instant lastModified, ObjectChecksum checksum) {

    public PutResult(String etag, long size, Instant lastModified) {
        this(etag, size, lastModified, null);
    }
}
