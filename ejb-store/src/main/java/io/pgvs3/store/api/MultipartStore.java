package io.pgvs3.store.api;

import jakarta.ejb.Local;
import java.io.InputStream;

/**
 * Multipart uploads of native buckets. Each part is its own immutable chunked file; completing an
 * upload records the ordered list of part files in the object row without moving a byte.
 */
@Local
public interface MultipartStore {

    /**
     * Starts an upload; every call gets a new, unguessable id, even for a key with other uploads.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET, INVALID_ARGUMENT
     */
    UploadInfo create(UploadSpec spec);

    /**
     * Streams one part into its own file. A part number uploaded again replaces the earlier part
     * atomically; the replaced file becomes garbage. Nothing is recorded unless the body verifies.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_UPLOAD, BAD_DIGEST, SHA256_MISMATCH,
     *                                                 INCOMPLETE_BODY, ENTITY_TOO_LARGE, REJECTED_INPUT (the
     *                                                 body stream or checksum supplier refused the input)
     */
    PartInfo uploadPart(PartSpec spec, InputStream body);

    /**
     * UploadPartCopy: makes part {@code spec.partNumber()} from {@code range} of an existing object
     * ({@code null} for all of it). The bytes never leave the database and the gateway's bounded buffers.
     * {@code listener} hears when the source and the upload have been checked and the bytes start moving.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_UPLOAD, NO_SUCH_KEY, PRECONDITION_FAILED,
     *                                                 INVALID_REQUEST (range starting past the source's
     *                                                 last byte), INVALID_ARGUMENT (range ending past it)
     */
    PartInfo copyPart(PartSpec spec, CopySource source, ByteRange range, CopyListener listener);

    /**
     * Publishes the listed parts, in order, as the object, under the same per-key lock and conditions
     * as a PUT; parts that were uploaded but not listed become garbage and the upload disappears. The object
     * gets the checksum its parts' checksums give it.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_UPLOAD, INVALID_PART, INVALID_PART_ORDER,
     *                                                 ENTITY_TOO_SMALL, PRECONDITION_FAILED, INVALID_REQUEST (see
     *                                                 {@code multipart.CompletedChecksum})
     */
    PutResult complete(CompleteSpec spec);

    /** @throws io.pgvs3.store.api.error.StoreException NO_SUCH_UPLOAD */
    void abort(String bucket, String key, String uploadId);

    /**
     * Parts with numbers greater than {@code afterPartNumber}, in order.
     *
     * @throws io.pgvs3.store.api.error.StoreException NO_SUCH_UPLOAD
     */
    PartPage listParts(String bucket, String key, String uploadId, int afterPartNumber, int maxParts);

    /** @throws io.pgvs3.store.api.error.StoreException NO_SUCH_BUCKET */
    UploadPage listUploads(UploadQuery query);
}
