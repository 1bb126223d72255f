package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.store.api.PartSpec;

/** The {@code partNumber} and {@code uploadId} query parameters. */
final class MultipartParams {

    static final String PART_NUMBER_MESSAGE = "Part number must be an integer between 1 and 10000, inclusive";

    private MultipartParams() {
    }

    /** @throws io.pgvs3.s3.error.S3Exception InvalidArgument unless an integer in 1..10000 */
    static int partNumber(S3Call call) {
        String value = call.param("partNumber");
        try {
            int number = Integer.parseInt(value == null ? "" : value.trim());
            if (number >= PartSpec.MIN_PART_NUMBER && number <= PartSpec.MAX_PART_NUMBER) {
                return number;
            }
        } catch (NumberFormatException e) {
            // falls through to S3's error
        }
        throw call.error(S3ErrorCode.INVALID_ARGUMENT, PART_NUMBER_MESSAGE);
    }

    /** @throws io.pgvs3.s3.error.S3Exception NoSuchUpload when the id is missing or empty */
    static String uploadId(S3Call call) {
        String id = call.param("uploadId");
        if (id == null || id.isEmpty()) {
            throw call.error(S3ErrorCode.NO_SUCH_UPLOAD);
        }
        return id;
    }
}
