package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.S3Response;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.CopyListener;
import io.pgvs3.store.api.CopySource;
import io.pgvs3.store.api.CopySpec;
import io.pgvs3.store.api.MultipartStore;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.PartSpec;
import io.pgvs3.store.api.PutResult;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * CopyObject and UploadPartCopy: the bytes stay in PostgreSQL (or are shared), never pass the client.
 * Copies that move bytes are answered through {@link LongCopies}, which keeps a long one's client informed.
 */
@ApplicationScoped
public class CopyHandler {

    static final String SELF_COPY_MESSAGE = "This copy request is illegal because it is trying to copy an object to"
            + " itself without changing the object's metadata, storage class, website redirect location or"
            + " encryption attributes.";

    @Inject
    @Plain
    private ObjectStore objects;
    @EJB
    private MultipartStore multipart;
    @Inject
    private LongCopies longCopies;

    public S3Response copyObject(S3Call call) {
        PutHeaders.validateKey(call);
        PutHeaders.rejectUnsupported(call);
        CopySource source = CopySources.source(call);
        boolean replace = replaceMetadata(call);
        if (!replace && source.bucket().equals(call.bucket()) && source.key().equals(call.key())) {
            throw call.error(S3ErrorCode.INVALID_REQUEST, SELF_COPY_MESSAGE);
        }
        CopySpec spec = new CopySpec(source, call.bucket(), call.key(), replace, PutHeaders.contentType(call),
                replace ? PutHeaders.userMetadata(call) : null, PutHeaders.condition(call),
                PutHeaders.checksumAlgorithm(call));
        if (source.bucket().equals(call.bucket()) && spec.checksumAlgorithm() == null) {
            // shares the source's files: instant, so no worker and no keep-alive
            return XmlResponses.ok(copyObjectResult(objects.copy(spec, CopyListener.NONE)));
        }
        return longCopies.answer(call, listener -> objects.copy(spec, listener), CopyHandler::copyObjectResult);
    }

    /** Always moves bytes, within a bucket too: a part is a file of its own. */
    public S3Response uploadPartCopy(S3Call call) {
        PutHeaders.rejectUnsupported(call);
        PartSpec target = new PartSpec(call.bucket(), call.key(), MultipartParams.uploadId(call),
                MultipartParams.partNumber(call), -1, null, null);
        CopySource source = CopySources.source(call);
        ByteRange range = CopySources.range(call);
        return longCopies.answer(call, listener -> multipart.copyPart(target, source, range, listener),
                part -> MultipartXml.partChecksum(MultipartXml.copyResult("CopyPartResult", part.etag(),
                        part.lastModified()), part.checksum()));
    }

    private static XmlDocument copyObjectResult(PutResult result) {
        return MultipartXml.checksum(MultipartXml.copyResult("CopyObjectResult", result.etag(), result.lastModified()),
                result.checksum());
    }

    /** x-amz-metadata-directive: COPY (the default) keeps the source's metadata, REPLACE takes the request's. */
    private static boolean replaceMetadata(S3Call call) {
        String directive = call.header("x-amz-metadata-directive");
        if (directive == null || directive.equals("COPY")) {
            return false;
        }
        if (directive.equals("REPLACE")) {
            return true;
        }
        throw call.error(S3ErrorCode.INVALID_ARGUMENT, "Unknown metadata directive.");
    }
}
