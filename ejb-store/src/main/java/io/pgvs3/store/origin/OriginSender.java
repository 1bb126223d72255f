package io.pgvs3.store.origin;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.read.ObjectReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.s3.model.CompletedPart;

/**
 * Sends an object stored here to its origin (a write-back's flush, a conditional completion): one PUT up
 * to the part size, a multipart upload above it, so that no object is too large for the origin (S3 takes
 * at most 5 GiB in one PUT) and no spool holds more than one part. A failed multipart upload is aborted;
 * one cut off by a crash stays recorded in {@link OriginUploads} until the key's next flush aborts it.
 */
public final class OriginSender {

    /** S3's smallest part but the last. */
    public static final long MIN_PART_BYTES = 5L << 20;
    /** S3's largest PUT and part. */
    public static final long MAX_PART_BYTES = 5L << 30;

    private final SpoolBudget spools;
    private final long partBytes;

    /** @param partBytes the largest object sent in one PUT, and the size of each part of a larger one */
    public OriginSender(SpoolBudget spools, long partBytes) {
        if (partBytes < MIN_PART_BYTES || partBytes > MAX_PART_BYTES) {
            throw new IllegalArgumentException("a part size of " + partBytes + " bytes is outside S3's 5 MiB to 5 GiB");
        }
        this.spools = spools;
        this.partBytes = partBytes;
    }

    /**
     * Sends {@code meta}'s body, read through {@code reader}, to {@code origin} with {@code put}'s headers
     * and condition; a multipart upload is recorded in {@code uploads} while it runs.
     *
     * @return the origin's ETag of the object
     */
    String send(OriginClient origin, ObjectReader reader, ObjectMeta meta, OriginPut put, OriginUploads uploads)
            throws IOException {
        if (meta.size() <= partBytes) {
            try (Spool spool = spoolOf(reader, meta, ByteRange.whole(meta.size()), meta.size())) {
                return origin.put(meta.key(), put, spool);
            }
        }
        String uploadId = origin.createUpload(meta.key(), put);
        try {
            uploads.started(meta.key(), uploadId);
            List<CompletedPart> parts = new ArrayList<>();
            for (long first = 0; first < meta.size(); first += partBytes) {
                long length = Math.min(partBytes, meta.size() - first);
                try (Spool spool = spoolOf(reader, meta, new ByteRange(first, first + length - 1), length)) {
                    parts.add(origin.uploadPart(meta.key(), uploadId, parts.size() + 1, spool));
                }
            }
            String etag = origin.completeUpload(meta.key(), uploadId, parts, put);
            uploads.ended(uploadId);
            return etag;
        } catch (IOException | RuntimeException e) {
            if (origin.abortUpload(meta.key(), uploadId)) {
                forgetQuietly(uploads, uploadId);
            }
            throw e;
        }
    }

    /** A row left behind is harmless: the key's next flush finds the upload ended and drops it. */
    private static void forgetQuietly(OriginUploads uploads, String uploadId) {
        try {
            uploads.ended(uploadId);
        } catch (RuntimeException e) {
            // kept for the next flush
        }
    }

    private Spool spoolOf(ObjectReader reader, ObjectMeta meta, ByteRange range, long length) throws IOException {
        Spool spool = Spool.open(spools, length);
        try {
            reader.readBody(meta, range, spool);
            spool.finish();
            return spool;
        } catch (IOException | RuntimeException e) {
            spool.close();
            throw e;
        }
    }
}
