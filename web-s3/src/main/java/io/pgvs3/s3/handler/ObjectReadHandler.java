package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.s3.http.RangeHeader;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.ObjectStore;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.Map;

/**
 * GetObject and HeadObject: whole, by Range, or by partNumber. Metadata comes fresh from PostgreSQL on
 * every request.
 */
@ApplicationScoped
public class ObjectReadHandler {

    @EJB
    private ObjectStore objects;

    public Response head(S3Call call) {
        ObjectMeta meta = objects.head(call.bucket(), call.key(), false);
        return PartReads.partsCount(headers(meta, requestedRange(call, meta)), call, meta).build();
    }

    public Response get(S3Call call) {
        ObjectMeta meta = objects.head(call.bucket(), call.key(), true);
        ByteRange requested = requestedRange(call, meta);
        ByteRange range = requested != null ? requested : ByteRange.whole(meta.size());
        Response.ResponseBuilder response = PartReads.partsCount(headers(meta, requested), call, meta);
        if (range == null) {
            return response.build();
        }
        // Files are immutable: streaming by the location read above returns exactly these bytes.
        StreamingOutput body = out -> objects.readBody(meta, range, out);
        return response.entity(body).build();
    }

    /** The part asked for with ?partNumber, else the Range header's bytes; null for the whole object. */
    private static ByteRange requestedRange(S3Call call, ObjectMeta meta) {
        if (PartReads.requested(call)) {
            return PartReads.range(call, meta);
        }
        RangeHeader.Resolution resolution = RangeHeader.resolve(call.header("Range"), meta.size());
        if (resolution.unsatisfiable()) {
            throw call.error(S3ErrorCode.INVALID_RANGE);
        }
        return resolution.range();
    }

    /** The headers GET and HEAD share; a range answers 206 with its Content-Range. */
    private static Response.ResponseBuilder headers(ObjectMeta meta, ByteRange range) {
        Response.ResponseBuilder response = Response.status(range == null ? 200 : 206)
                .header("Content-Type", meta.contentType())
                .header("ETag", "\"" + meta.etag() + "\"")
                .header("Last-Modified", HttpDates.header(meta.lastModified()))
                .header("Accept-Ranges", "bytes")
                .header("Content-Length", range == null ? meta.size() : range.length());
        if (range != null) {
            response.header("Content-Range", "bytes " + range.first() + "-" + range.last() + "/" + meta.size());
        }
        for (Map.Entry<String, String> entry : meta.userMetadata().entrySet()) {
            response.header("x-amz-meta-" + entry.getKey(), entry.getValue());
        }
        return response;
    }
}
