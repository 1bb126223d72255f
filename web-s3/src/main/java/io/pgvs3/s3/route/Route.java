package io.pgvs3.s3.route;

/**
 * Where a request goes.
 *
 * @param bucket null for service-level requests
 * @param key    the decoded object key, null for bucket- and service-level requests
 * @param detail for unsupported requests, the sub-resource or method that made them so
 */
public record Route(S3Operation operation, String bucket, String key, String detail) {

    static Route of(S3Operation operation, String bucket, String key) {
        return new Route(operation, bucket, key, null);
    }
}
