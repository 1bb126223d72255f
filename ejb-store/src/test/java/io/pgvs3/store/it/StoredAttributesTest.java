package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.store.api.ContentHeaders;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Checksums and standard headers are stored with the object, replaced with it, and the checksum is asked for after the body. */
@ExtendWith(PostgresExtension.class)
class StoredAttributesTest {

    private static final ContentHeaders HEADERS = new ContentHeaders("max-age=60", "attachment; filename=\"a.txt\"",
            "gzip", "de-CH", "Thu, 01 Dec 1994 16:00:00 GMT");

    private static Stores stores;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
    }

    private static PutSpec spec(String bucket, byte[] body, ContentHeaders headers, Supplier<ObjectChecksum> checksum) {
        return new PutSpec(bucket, "k", "text/plain", Map.of(), WriteCondition.NONE, body.length, null, null, headers,
                checksum);
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 100, 300_000})
    void checksumAndHeadersRoundTrip(int size) {
        String bucket = stores.newBucket("attrs");
        byte[] body = Bodies.random(size, size);
        ByteArrayInputStream in = new ByteArrayInputStream(body);
        ObjectChecksum crc = ObjectChecksum.fullObject(ChecksumAlgorithm.CRC32C, ChecksumAlgorithm.CRC32C.digest(body));
        PutResult result = stores.writer.put(spec(bucket, body, HEADERS, () -> {
            assertEquals(0, in.available(), "asked only after the whole body was read");
            return crc;
        }), in);
        assertEquals(crc, result.checksum());

        ObjectMeta meta = stores.reader.head(bucket, "k", false);
        assertEquals(crc, meta.checksum());
        assertEquals(HEADERS, meta.contentHeaders());

        ObjectChecksum composite = new ObjectChecksum(ChecksumAlgorithm.SHA256, ChecksumType.COMPOSITE,
                "ZOyIygCyaOW6GjVnihtTFtIS9PNmskdyMlNKiuyjfzw=-2");
        stores.writer.put(spec(bucket, body, ContentHeaders.NONE, () -> composite), new ByteArrayInputStream(body));
        meta = stores.reader.head(bucket, "k", true);
        assertEquals(composite, meta.checksum());
        assertEquals(ContentHeaders.NONE, meta.contentHeaders(), "an overwrite replaces the headers");

        stores.writer.put(spec(bucket, body, null, null), new ByteArrayInputStream(body));
        assertNull(stores.reader.head(bucket, "k", false).checksum(), "an overwrite without a checksum clears it");
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {10, 300_000})
    void aThrowingChecksumPublishesNothing(int size) {
        String bucket = stores.newBucket("attrs-fail");
        byte[] old = Bodies.random(7, 1);
        PutResult before = stores.writer.put(spec(bucket, old, HEADERS, null), new ByteArrayInputStream(old));
        IllegalStateException mismatch = new IllegalStateException("BadDigest");
        byte[] body = Bodies.random(size, 2);
        StoreException refused = assertThrows(StoreException.class, () -> stores.writer.put(
                spec(bucket, body, ContentHeaders.NONE, () -> {
                    throw mismatch;
                }), new ByteArrayInputStream(body)));
        assertEquals(StoreError.REJECTED_INPUT, refused.error());
        assertSame(mismatch, refused.getCause(), "the caller finds its own refusal as the cause");
        ObjectMeta meta = stores.reader.head(bucket, "k", false);
        assertEquals(before.etag(), meta.etag());
        assertEquals(HEADERS, meta.contentHeaders());
    }
}
