package io.pgvs3.s3.handler;

import io.pgvs3.s3.checksum.ChecksumHeaders;
import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/** The headers GET and HEAD answer with, and the response-* query overrides S3 applies to them. */
final class ObjectHeaders {

    /** Query parameter → the response header it replaces. */
    private static final Map<String, String> OVERRIDES = Map.of(
            "response-content-type", "Content-Type",
            "response-content-language", "Content-Language",
            "response-expires", "Expires",
            "response-cache-control", "Cache-Control",
            "response-content-disposition", "Content-Disposition",
            "response-content-encoding", "Content-Encoding");

    private ObjectHeaders() {
    }

    /**
     * A range answers 206 with its Content-Range. The stored checksum covers the whole object, so S3
     * sends it (when asked) only with whole-object answers: a client would check it against the range.
     */
    static Response.ResponseBuilder of(S3Call call, ObjectMeta meta, ByteRange range) {
        Response.ResponseBuilder response = Response.status(range == null ? 200 : 206)
                .header("Content-Type", meta.contentType())
                .header("ETag", "\"" + meta.etag() + "\"")
                .header("Last-Modified", HttpDates.header(meta.lastModified()))
                .header("Accept-Ranges", "bytes")
                .header("Content-Length", range == null ? meta.size() : range.length());
        if (range != null) {
            response.header("Content-Range", "bytes " + range.first() + "-" + range.last() + "/" + meta.size());
        }
        meta.contentHeaders().asMap().forEach(response::header);
        for (Map.Entry<String, String> entry : meta.userMetadata().entrySet()) {
            response.header("x-amz-meta-" + entry.getKey(), entry.getValue());
        }
        if (range == null && ChecksumHeaders.requested(call.headers().get("x-amz-checksum-mode"))) {
            ChecksumHeaders.of(meta.checksum()).forEach(response::header);
        }
        OVERRIDES.forEach((param, header) -> {
            String value = call.param(param);
            if (value != null) {
                response.header(header, null).header(header, value);
            }
        });
        return response;
    }

    /** 304: no body, but the validators the client caches. */
    static Response notModified(ObjectMeta meta) {
        return Response.notModified()
                .header("ETag", "\"" + meta.etag() + "\"")
                .header("Last-Modified", HttpDates.header(meta.lastModified()))
                .build();
    }
}
