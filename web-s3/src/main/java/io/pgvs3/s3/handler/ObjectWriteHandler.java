package io.pgvs3.s3.handler;

import io.pgvs3.s3.checksum.ChecksumHeaders;
import io.pgvs3.s3.checksum.UploadChecksum;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.metrics.S3Metrics;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.pgvs3.s3.http.S3Response;

/** PutObject and DeleteObject. */
@ApplicationScoped
public class ObjectWriteHandler {

    @Inject
    @Plain
    private ObjectStore objects;

    @Inject
    private S3Metrics metrics;

    /**
     * The body is decorated to compute its checksum in the store's single pass; the store asks for the
     * verified value after the last byte and before publication, so a mismatch publishes nothing.
     */
    public S3Response put(S3Call call) {
        PutHeaders.validateKey(call);
        PutHeaders.rejectUnsupported(call);
        UploadChecksum checksum = PutHeaders.uploadChecksum(call);
        PutSpec spec = new PutSpec(call.bucket(), call.key(), PutHeaders.contentType(call), PutHeaders.userMetadata(call),
                PutHeaders.condition(call), PutHeaders.declaredLength(call), PutHeaders.contentMd5(call),
                call.expectedSha256(), PutHeaders.contentHeaders(call),
                () -> checksum.verify(call.trailers().get()));
        PutResult result = objects.put(spec, checksum.wrap(call.body()));
        metrics.objectWritten(result.inline());
        S3Response.Builder response = S3Response.ok().header("ETag", "\"" + result.etag() + "\"");
        ChecksumHeaders.of(result.checksum()).forEach(response::header);
        return response.build();
    }

    /** {@code If-Match} deletes only a matching object; a missing key then answers 404 NoSuchKey, as in S3. */
    public S3Response delete(S3Call call) {
        for (String header : new String[] {"x-amz-if-match-last-modified-time", "x-amz-if-match-size"}) {
            if (call.header(header) != null) {
                throw call.error(S3ErrorCode.NOT_IMPLEMENTED, header + " applies to directory buckets only.");
            }
        }
        String ifMatch = call.header("If-Match");
        objects.delete(call.bucket(), call.key(), ifMatch == null ? null : PutHeaders.ifMatchEtag(call, ifMatch));
        return S3Response.noContent();
    }
}
