package io.pgvs3.s3.testing;

import io.pgvs3.s3.auth.RequestQuery;
import io.pgvs3.s3.handler.S3Call;
import io.pgvs3.s3.route.Route;
import io.pgvs3.s3.route.S3Operation;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Routed, authenticated requests as the servlet hands them to the handlers, with a fixed request id. */
public final class Requests {

    public static final String REQUEST_ID = "17F2A1C0DEADBEEF";

    private Requests() {
    }

    /** A GET without headers or body; {@code rawQuery} is percent-encoded as on the wire. */
    public static S3Call get(S3Operation operation, String bucket, String key, String rawQuery) {
        return call("GET", operation, bucket, key, rawQuery, Map.of(), new byte[0]);
    }

    public static S3Call call(String method, S3Operation operation, String bucket, String key, String rawQuery,
                       Map<String, String> headers, byte[] body) {
        Map<String, List<String>> byName = new TreeMap<>();
        headers.forEach((name, value) -> byName.put(name.toLowerCase(Locale.ROOT), List.of(value)));
        return new S3Call(new Route(operation, bucket, key, null), method, byName, RequestQuery.parse(rawQuery),
                REQUEST_ID, null, body.length, new ByteArrayInputStream(body), Map::of);
    }
}
