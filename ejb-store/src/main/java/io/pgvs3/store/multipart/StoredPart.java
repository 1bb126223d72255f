package io.pgvs3.store.multipart;

import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.time.Instant;
import java.util.HexFormat;

/**
 * A part row: its file, size and digests.
 *
 * @param checksum the verified checksum the client declared for the part, or null
 */
record StoredPart(int partNumber, long fileId, long size, byte[] sha256, byte[] md5, ObjectChecksum checksum,
                  Instant lastModified) {

    String etag() {
        return HexFormat.of().formatHex(md5);
    }

    PartInfo info() {
        return new PartInfo(partNumber, etag(), size, lastModified, checksum);
    }

    /** The {@code checksum} column: {@code <ALGORITHM>:<base64>}, or null. */
    String checksumColumn() {
        return checksum == null ? null : checksum.algorithm().name() + ":" + checksum.value();
    }

    static ObjectChecksum parseChecksum(String column) {
        if (column == null) {
            return null;
        }
        int colon = column.indexOf(':');
        return new ObjectChecksum(ChecksumAlgorithm.valueOf(column.substring(0, colon)),
                ChecksumType.FULL_OBJECT, column.substring(colon + 1));
    }

    StoredPart at(Instant modified) {
        return new StoredPart(partNumber, fileId, size, sha256, md5, checksum, modified);
    }
}
