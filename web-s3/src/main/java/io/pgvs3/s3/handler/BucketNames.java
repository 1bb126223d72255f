package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import java.util.regex.Pattern;

/** S3's general-purpose bucket naming rules, checked when a bucket is created. */
final class BucketNames {

    private static final Pattern SHAPE = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");
    private static final Pattern IP_ADDRESS = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private BucketNames() {
    }

    static void validate(String name) {
        boolean valid = SHAPE.matcher(name).matches()
                && !name.contains("..")
                && !name.contains(".-") && !name.contains("-.")
                && !IP_ADDRESS.matcher(name).matches()
                && !name.startsWith("xn--") && !name.startsWith("sthree-") && !name.startsWith("amzn-s3-demo-")
                && !name.endsWith("-s3alias") && !name.endsWith("--ol-s3") && !name.endsWith(".mrap")
                && !name.endsWith("--x-s3") && !name.endsWith("--table-s3");
        if (!valid) {
            throw new S3Exception(S3ErrorCode.INVALID_BUCKET_NAME, S3ErrorCode.INVALID_BUCKET_NAME.message(), name, null, null);
        }
    }
}
