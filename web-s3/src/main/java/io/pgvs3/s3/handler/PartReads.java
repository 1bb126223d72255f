package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.s3.http.S3Response;

/**
 * GET and HEAD with {@code ?partNumber=N}: the bytes of part N as a 206 with Content-Range, and the
 * object's part count. An object not uploaded in parts is one part, so part 1 is all of it.
 */
final class PartReads {

    private PartReads() {
    }

    static boolean requested(S3Call call) {
        return call.hasParam("partNumber");
    }

    /** The part's bytes, or null for an empty part. */
    static ByteRange range(S3Call call, ObjectMeta meta) {
        int partNumber = MultipartParams.partNumber(call);
        if (call.header("Range") != null) {
            throw call.error(S3ErrorCode.INVALID_REQUEST, "Cannot specify both Range header and partNumber query parameter");
        }
        int partCount = meta.location().partCount();
        if (partNumber > partCount) {
            // S3's 416 names the part asked for and the object's part count
            throw call.error(S3ErrorCode.INVALID_PART_NUMBER)
                    .withDetail("PartNumberRequested", Integer.toString(partNumber))
                    .withDetail("ActualPartCount", Integer.toString(partCount));
        }
        return meta.location().partRange(partNumber, meta.size());
    }

    /** {@code x-amz-mp-parts-count} on part reads of multipart objects. */
    static S3Response.Builder partsCount(S3Response.Builder response, S3Call call, ObjectMeta meta) {
        if (requested(call) && meta.location().isMultipart()) {
            response.header("x-amz-mp-parts-count", meta.location().partCount());
        }
        return response;
    }
}
