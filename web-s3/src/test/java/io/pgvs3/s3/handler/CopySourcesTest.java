package io.pgvs3.s3.handler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.s3.auth.RequestQuery;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.route.Route;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.CopySource;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class CopySourcesTest {

    private static S3Call call(Map<String, String> headers) {
        Map<String, List<String>> h = new HashMap<>();
        headers.forEach((name, value) -> h.put(name.toLowerCase(Locale.ROOT), List.of(value)));
        return new S3Call(new Route(S3Operation.COPY_OBJECT, "dst", "k", "PUT"), "PUT", h, RequestQuery.parse(null),
                "id", null, 0, null, Map::of);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "src/key               | src | key",
        "/src/key              | src | key",
        "src/a%20b%2Bc/%E2%82%AC | src | a b+c/€",
        "src/a+b               | src | a+b",
        "src/dir%2Ffile        | src | dir/file",
    })
    void parsesUrlEncodedBucketAndKey(String header, String bucket, String key) {
        CopySource source = CopySources.source(call(Map.of("x-amz-copy-source", header)));
        assertEquals(bucket, source.bucket());
        assertEquals(key, source.key());
        assertNull(source.conditions());
    }

    @ParameterizedTest
    @CsvSource({"src", "src/", "/key", "/", "src?x=1"})
    void refusesSourcesWithoutBucketAndKey(String header) {
        S3Exception e = assertThrows(S3Exception.class, () -> CopySources.source(call(Map.of("x-amz-copy-source", header))));
        assertEquals(S3ErrorCode.INVALID_ARGUMENT, e.code());
    }

    @Test
    void aVersionIdIsNotImplemented() {
        S3Exception e = assertThrows(S3Exception.class,
                () -> CopySources.source(call(Map.of("x-amz-copy-source", "src/key?versionId=3"))));
        assertEquals(S3ErrorCode.NOT_IMPLEMENTED, e.code());
    }

    @Test
    void conditionsAreCollectedAndFutureModifiedSinceIgnored() {
        CopySource source = CopySources.source(call(Map.of("x-amz-copy-source", "src/key",
                "x-amz-copy-source-if-match", "\"abc\"",
                "x-amz-copy-source-if-unmodified-since", "Tue, 15 Nov 1994 08:12:31 GMT",
                "x-amz-copy-source-if-modified-since", "Fri, 01 Jan 2100 00:00:00 GMT")));
        assertEquals("\"abc\"", source.conditions().ifMatch());
        assertEquals(Instant.parse("1994-11-15T08:12:31Z"), source.conditions().ifUnmodifiedSince());
        assertNull(source.conditions().ifModifiedSince());
    }

    @Test
    void rangesAreBytesFirstLast() {
        assertEquals(new ByteRange(0, 9), CopySources.range(call(Map.of("x-amz-copy-source-range", "bytes=0-9"))));
        assertNull(CopySources.range(call(Map.of())));
        for (String bad : new String[] {"bytes=9-0", "bytes=5-", "bytes=-5", "0-9", "bytes=0-9,20-30"}) {
            S3Exception e = assertThrows(S3Exception.class,
                    () -> CopySources.range(call(Map.of("x-amz-copy-source-range", bad))));
            assertEquals(S3ErrorCode.INVALID_ARGUMENT, e.code());
            assertEquals(CopySources.RANGE_MESSAGE, e.getMessage());
        }
    }
}
