package io.pgvs3.s3.route;

import java.util.Set;

/**
 * The one place that decides which operation a request is: a pure function of the method, the raw
 * path, the query parameter names and a few headers. Query parameters that are not S3 sub-resources
 * (x-id, list parameters, response-* overrides, presign parameters) do not influence routing, as in S3.
 */
public final class S3Router {

    private S3Router() {
    }

    public static Route route(RouteRequest request) {
        String[] parts = PathParts.split(request.rawPath());
        String bucket = parts[0];
        String key = parts[1];
        String method = request.method();
        if (bucket == null) {
            return "GET".equals(method)
                    ? Route.of(S3Operation.LIST_BUCKETS, null, null)
                    : new Route(S3Operation.METHOD_NOT_ALLOWED, null, null, method);
        }
        Set<String> query = request.queryNames();
        Route subResource = SubResources.route(method, bucket, key, query);
        if (subResource != null) {
            return subResource;
        }
        return key == null ? bucketRoute(method, bucket, query) : objectRoute(request, method, bucket, key, query);
    }

    private static Route bucketRoute(String method, String bucket, Set<String> query) {
        S3Operation operation = switch (method) {
            case "GET" -> {
                if (query.contains("location")) {
                    yield S3Operation.GET_BUCKET_LOCATION;
                }
                if (query.contains("uploads")) {
                    yield S3Operation.LIST_MULTIPART_UPLOADS;
                }
                yield query.contains("list-type") ? S3Operation.LIST_OBJECTS_V2 : S3Operation.LIST_OBJECTS;
            }
            case "PUT" -> S3Operation.CREATE_BUCKET;
            case "HEAD" -> S3Operation.HEAD_BUCKET;
            case "DELETE" -> S3Operation.DELETE_BUCKET;
            case "POST" -> query.contains("delete") ? S3Operation.DELETE_OBJECTS : S3Operation.POST_OBJECT;
            default -> S3Operation.METHOD_NOT_ALLOWED;
        };
        return new Route(operation, bucket, null, method);
    }

    private static Route objectRoute(RouteRequest request, String method, String bucket, String key, Set<String> query) {
        boolean upload = query.contains("uploadId");
        boolean copy = request.hasHeader().test("x-amz-copy-source");
        S3Operation operation = switch (method) {
            // partNumber on GET/HEAD reads one part: still GetObject/HeadObject, as in S3
            case "GET" -> upload ? S3Operation.LIST_PARTS : S3Operation.GET_OBJECT;
            case "HEAD" -> S3Operation.HEAD_OBJECT;
            case "PUT" -> {
                if (upload || query.contains("partNumber")) {
                    yield copy ? S3Operation.UPLOAD_PART_COPY : S3Operation.UPLOAD_PART;
                }
                yield copy ? S3Operation.COPY_OBJECT : S3Operation.PUT_OBJECT;
            }
            case "DELETE" -> upload ? S3Operation.ABORT_MULTIPART_UPLOAD : S3Operation.DELETE_OBJECT;
            case "POST" -> {
                if (query.contains("uploads")) {
                    yield S3Operation.CREATE_MULTIPART_UPLOAD;
                }
                yield upload ? S3Operation.COMPLETE_MULTIPART_UPLOAD : S3Operation.UNSUPPORTED_SUBRESOURCE;
            }
            default -> S3Operation.METHOD_NOT_ALLOWED;
        };
        return new Route(operation, bucket, key, method);
    }
}
