package io.pgvs3.store.multipart;

import io.pgvs3.store.api.PartInfo;
import java.time.Instant;
import java.util.HexFormat;

/** A part row: its file, size and digests. */
record StoredPart(int partNumber, long fileId, long size, byte[] sha256, byte[] md5, Instant lastModified) {

    String etag() {
        return HexFormat.of().formatHex(md5);
    }

    PartInfo info() {
        return new PartInfo(partNumber, etag(), size, lastModified);
    }
}
