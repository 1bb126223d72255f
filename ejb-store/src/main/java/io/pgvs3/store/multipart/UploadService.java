package io.pgvs3.store.multipart;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.PartPage;
import io.pgvs3.store.api.UploadInfo;
import io.pgvs3.store.api.UploadSpec;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.write.FileRefs;
import io.pgvs3.store.write.WriteRequest;
import java.time.Instant;
import java.util.List;

/** CreateMultipartUpload, AbortMultipartUpload and ListParts: short statements on the main pool. */
public final class UploadService {

    public static final int MAX_PARTS_PER_PAGE = 1000;

    private final DataAccess access;

    public UploadService(DataAccess access) {
        this.access = access;
    }

    /** See {@link io.pgvs3.store.api.MultipartStore#create}. */
    public UploadInfo create(UploadSpec spec) {
        WriteRequest.requireValidKey(spec.key());
        Upload upload = new Upload(spec.key(), UploadIds.next(), null, spec.checksumAlgorithm(), spec.checksumType(),
                WriteRequest.contentTypeOrDefault(spec.contentType()), WriteRequest.flatten(spec.userMetadata()));
        Instant created = access.write(Pool.MAIN, "CreateMultipartUpload " + spec.key(), spec.bucket(),
                (c, ns) -> Uploads.insert(c, ns, upload));
        return new UploadInfo(upload.key(), upload.uploadId(), created, upload.checksumAlgorithm(),
                upload.checksumType());
    }

    /** See {@link io.pgvs3.store.api.MultipartStore#abort}: the parts' files become garbage. */
    public void abort(String bucket, String key, String uploadId) {
        access.write(Pool.MAIN, "AbortMultipartUpload " + key, bucket, (c, ns) -> {
            Uploads.require(c, ns, uploadId, key, Uploads.Lock.UPDATE);
            List<Long> files = UploadParts.deleteAll(c, ns, uploadId);
            Uploads.delete(c, ns, uploadId);
            return FileRefs.release(c, ns, files);
        });
    }

    /** See {@link io.pgvs3.store.api.MultipartStore#listParts}. */
    public PartPage listParts(String bucket, String key, String uploadId, int afterPartNumber, int maxParts) {
        if (maxParts < 0 || maxParts > MAX_PARTS_PER_PAGE || afterPartNumber < 0) {
            throw new StoreException(StoreError.INVALID_ARGUMENT, "max-parts must be 0.." + MAX_PARTS_PER_PAGE
                    + " and part-number-marker not negative");
        }
        return access.read(Pool.MAIN, "ListParts " + key, bucket, (c, ns) -> {
            UploadInfo upload = Uploads.require(c, ns, uploadId, key, Uploads.Lock.NONE).info();
            List<StoredPart> parts = UploadParts.page(c, ns, uploadId, afterPartNumber, maxParts + 1);
            boolean truncated = parts.size() > maxParts;
            List<StoredPart> page = truncated ? parts.subList(0, maxParts) : parts;
            int next = page.isEmpty() ? 0 : page.get(page.size() - 1).partNumber();
            return new PartPage(upload, page.stream().map(StoredPart::info).toList(), truncated, next);
        });
    }
}
