package io.pgvs3.s3.handler;

import io.pgvs3.s3.checksum.ChecksumHeaders;
import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.s3.http.S3Response;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
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
    static S3Response.Builder of(S3Call call, ObjectMeta meta, ByteRange range) {
        S3Response.Builder response = S3Response.status(range == null ? 200 : 206)
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
            response.header("x-amz-meta-" + entry.getKey(), mailSafe(entry.getValue()));
        }
        // part 1 of an object not uploaded in parts is the whole object, so its checksum covers the answer
        boolean whole = range == null || (PartReads.requested(call) && !meta.location().isMultipart());
        if (whole && ChecksumHeaders.requested(call.headers().get("x-amz-checksum-mode"))) {
            ChecksumHeaders.of(meta.checksum()).forEach(response::header);
        }
        OVERRIDES.forEach((param, header) -> {
            String value = call.param(param);
            if (value != null) {
                response.replaceHeader(header, value);
            }
        });
        return response;
    }

    /**
     * S3 returns a metadata value with non-ASCII characters RFC 2047-encoded ({@code =?UTF-8?B?...?=}):
     * HTTP header values are ASCII, and a client decodes the encoded word back to the stored text.
     */
    static String mailSafe(String value) {
        if (value.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            return value;
        }
        return "=?UTF-8?B?" + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + "?=";
    }

    /** 304: no body, but the validators the client caches. */
    static S3Response notModified(ObjectMeta meta) {
        return S3Response.status(304)
                .header("ETag", "\"" + meta.etag() + "\"")
                .header("Last-Modified", HttpDates.header(meta.lastModified()))
                .build();
    }
}
