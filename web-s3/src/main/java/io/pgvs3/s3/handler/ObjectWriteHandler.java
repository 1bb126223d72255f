package io.pgvs3.s3.handler;

import io.pgvs3.s3.metrics.S3Metrics;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;

/** PutObject and DeleteObject. */
@ApplicationScoped
public class ObjectWriteHandler {

    private static final String DEFAULT_CONTENT_TYPE = "application/octet-stream";

    @EJB
    private ObjectStore objects;

    @Inject
    private S3Metrics metrics;

    public Response put(S3Call call) {
        PutHeaders.validateKey(call);
        PutHeaders.rejectUnsupported(call);
        String contentType = call.header("Content-Type");
        PutSpec spec = new PutSpec(call.bucket(), call.key(),
                contentType == null || contentType.isBlank() ? DEFAULT_CONTENT_TYPE : contentType,
                PutHeaders.userMetadata(call), PutHeaders.condition(call), PutHeaders.declaredLength(call),
                PutHeaders.contentMd5(call), call.expectedSha256());
        PutResult result = objects.put(spec, call.body());
        metrics.objectWritten(result.inline());
        return Response.ok()
                .header("ETag", "\"" + result.etag() + "\"")
                .build();
    }

    public Response delete(S3Call call) {
        objects.delete(call.bucket(), call.key());
        return Response.noContent().build();
    }
}
