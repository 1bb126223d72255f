package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** Objects written through one gateway and read back, byte-exact, through the other. */
@ExtendWith(Stack.class)
class ObjectsIT {

    private static final String BUCKET = Clients.bucket("objects");
    private static S3Client writer;
    private static S3Client reader;

    @BeforeAll
    static void createBucket() {
        writer = Clients.s3(0);
        reader = Clients.s3(1);
        writer.createBucket(b -> b.bucket(BUCKET));
    }

    @AfterAll
    static void close() {
        writer.close();
        reader.close();
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1, 8120, 8121, 65536, 65537, 3 * 1024 * 1024 + 17})
    void bodiesRoundTripThroughTheOtherGateway(int size) throws IOException {
        byte[] body = Bodies.bytes(size, size);
        String key = "sizes/" + size;
        String etag = writer.putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromBytes(body)).eTag();
        assertEquals("\"" + Bodies.md5(body) + "\"", etag);
        byte[] read = reader.getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asByteArray();
        assertArrayEquals(body, read);
        assertEquals(size, reader.headObject(b -> b.bucket(BUCKET).key(key)).contentLength());
    }

    @Test
    void aLargeObjectStreamsBothWays() throws IOException {
        long size = 300L * 1024 * 1024;
        String key = "large/300MiB";
        String expected = Bodies.md5(Bodies.stream(size, 42));
        writer.putObject(b -> b.bucket(BUCKET).key(key),
                RequestBody.fromContentProvider(() -> Bodies.stream(size, 42), size, "application/octet-stream"));
        try (ResponseInputStream<GetObjectResponse> in = reader.getObject(b -> b.bucket(BUCKET).key(key))) {
            assertEquals(size, in.response().contentLength());
            assertEquals(expected, Bodies.md5(in));
        }
        writer.deleteObject(b -> b.bucket(BUCKET).key(key));
    }

    @Test
    void rangesAcrossRowBoundariesReturnExactBytes() throws IOException {
        byte[] body = Bodies.bytes(5 * 8120 + 300, 7);
        writer.putObject(b -> b.bucket(BUCKET).key("ranges"), RequestBody.fromBytes(body));
        long[][] ranges = {{0, 0}, {8119, 8120}, {8000, 16300}, {100, 5 * 8120 + 299}, {16240, 16240 + 8119}};
        for (long[] range : ranges) {
            byte[] read = reader.getObjectAsBytes(b -> b.bucket(BUCKET).key("ranges")
                    .range("bytes=" + range[0] + "-" + range[1])).asByteArray();
            assertArrayEquals(Arrays.copyOfRange(body, (int) range[0], (int) range[1] + 1), read,
                    "range " + range[0] + "-" + range[1]);
        }
        byte[] suffix = reader.getObjectAsBytes(b -> b.bucket(BUCKET).key("ranges").range("bytes=-500")).asByteArray();
        assertArrayEquals(Arrays.copyOfRange(body, body.length - 500, body.length), suffix);
        byte[] open = reader.getObjectAsBytes(b -> b.bucket(BUCKET).key("ranges").range("bytes=40000-")).asByteArray();
        assertArrayEquals(Arrays.copyOfRange(body, 40000, body.length), open);
        S3Exception error = assertThrows(S3Exception.class,
                () -> reader.getObjectAsBytes(b -> b.bucket(BUCKET).key("ranges").range("bytes=999999-")));
        assertEquals(416, error.statusCode());
        assertEquals("InvalidRange", error.awsErrorDetails().errorCode());
    }

    @Test
    void contentTypeAndUserMetadataAreKept() {
        writer.putObject(b -> b.bucket(BUCKET).key("meta").contentType("text/csv; charset=utf-8")
                .metadata(Map.of("origin", "e2e", "Mixed-Case", "Value with spaces")), RequestBody.fromString("a,b\n"));
        HeadObjectResponse head = reader.headObject(b -> b.bucket(BUCKET).key("meta"));
        assertEquals("text/csv; charset=utf-8", head.contentType());
        assertEquals(Map.of("origin", "e2e", "mixed-case", "Value with spaces"), head.metadata());
        S3Exception error = assertThrows(S3Exception.class, () -> writer.putObject(b -> b.bucket(BUCKET).key("big-meta")
                .metadata(Map.of("m", "x".repeat(2100))), RequestBody.fromString("x")));
        assertEquals("MetadataTooLarge", error.awsErrorDetails().errorCode());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a/b//c", "with space", "plus+sign", "percent%25x", "../dots/./x", "ünïcödé/😀", "a%2Fb",
        "trailing/", "semi;colon", "q?mark", "hash#tag", "back\\slash", "tilde~*'()!$&,=@"})
    void keysAreStoredByteExact(String key) throws IOException {
        writer.putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromString(key));
        assertEquals(key, reader.getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asUtf8String());
        assertEquals(1, reader.listObjectsV2(b -> b.bucket(BUCKET).prefix(key)).contents().stream()
                .filter(o -> o.key().equals(key)).count());
        writer.deleteObject(b -> b.bucket(BUCKET).key(key));
    }

    @Test
    void missingKeysAnswer404AndDeletesAreIdempotent() {
        assertThrows(NoSuchKeyException.class, () -> reader.getObjectAsBytes(b -> b.bucket(BUCKET).key("nope")));
        S3Exception head = assertThrows(S3Exception.class, () -> reader.headObject(b -> b.bucket(BUCKET).key("nope")));
        assertEquals(404, head.statusCode());
        writer.deleteObject(b -> b.bucket(BUCKET).key("nope"));
        writer.putObject(b -> b.bucket(BUCKET).key("gone"), RequestBody.fromString("x"));
        writer.deleteObject(b -> b.bucket(BUCKET).key("gone"));
        assertThrows(NoSuchKeyException.class, () -> reader.getObjectAsBytes(b -> b.bucket(BUCKET).key("gone")));
    }

    @Test
    void anOverwriteReplacesTheBody() throws IOException {
        writer.putObject(b -> b.bucket(BUCKET).key("over"), RequestBody.fromString("first"));
        reader.putObject(b -> b.bucket(BUCKET).key("over"), RequestBody.fromString("second"));
        try (InputStream in = writer.getObject(b -> b.bucket(BUCKET).key("over"))) {
            assertEquals("second", new String(in.readAllBytes()));
        }
    }
}
