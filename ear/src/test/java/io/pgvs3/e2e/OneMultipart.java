package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.NoSuchUploadException;

/** A multipart upload of one part, uploaded and ready to complete: its object's body is that part. */
record OneMultipart(String bucket, String key, String uploadId, String partEtag, long size, long seed) {

    static OneMultipart prepare(S3Client s3, String bucket, String key, long size) {
        long seed = key.hashCode() * 7L;
        String uploadId = s3.createMultipartUpload(b -> b.bucket(bucket).key(key)).uploadId();
        String etag = s3.uploadPart(b -> b.bucket(bucket).key(key).uploadId(uploadId).partNumber(1),
                RequestBody.fromContentProvider(() -> Bodies.stream(size, seed), size, "application/octet-stream")).eTag();
        return new OneMultipart(bucket, key, uploadId, etag, size, seed);
    }

    void complete(S3Client s3) {
        s3.completeMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId)
                .multipartUpload(m -> m.parts(CompletedPart.builder().partNumber(1).eTag(partEtag).build())));
    }

    String md5() throws IOException {
        return Bodies.md5(Bodies.stream(size, seed));
    }

    void recordIn(Ledger ledger) throws IOException {
        ledger.acknowledged(key, md5());
    }

    /**
     * A completion whose answer was lost happened all or not at all: either the object is there, whole,
     * and the upload gone, or the upload is still open with its part and there is no object.
     */
    void assertAtomic(S3Client s3) throws IOException {
        try (InputStream in = s3.getObject(b -> b.bucket(bucket).key(key))) {
            assertEquals(md5(), Bodies.md5(in), "the completed object " + key);
            assertThrows(NoSuchUploadException.class, () -> s3.listParts(b -> b.bucket(bucket).key(key).uploadId(uploadId)),
                    "a completed upload is gone");
        } catch (NoSuchKeyException e) {
            var parts = s3.listParts(b -> b.bucket(bucket).key(key).uploadId(uploadId)).parts();
            assertEquals(1, parts.size(), "an upload not completed keeps its part");
            assertEquals(partEtag, parts.get(0).eTag());
        }
    }
}
