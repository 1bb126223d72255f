package io.pgvs3.s3.handler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.s3.http.S3Response;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.s3.testing.Requests;
import io.pgvs3.s3.testing.Wiring;
import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A GET whose object is replaced, and its first version's bytes reaped, between reading its metadata and
 * reading its body: the handler reads it again once, and answers what the key holds then.
 */
class ReadAgainTest {

    private static final long BIG = 2L << 20; // streamed: more than a small span
    private static final long SMALL = 100_000; // a chunked file read as one span

    /** The object's versions as head() finds them, in turn; the bytes of all but the newest are reaped. */
    private final List<ObjectMeta> versions = new ArrayList<>();
    private int heads;

    @Test
    void aStreamedBodyReapedBeforeItsFirstByteIsReadAgainOnce() throws Exception {
        versions.add(meta(1, BIG));
        versions.add(meta(2, BIG));
        S3Response first = handler().get(getObject());
        assertEquals("\"etag-1\"", first.header("ETag"));
        IOException reaped = assertThrows(IOException.class, () -> first.streamed().writeTo(new ByteArrayOutputStream()));
        assertEquals(StoreError.OBJECT_CHANGED, ((StoreException) reaped.getCause()).error());

        assertNotNull(first.readAgain(), "a streamed GET can be read again");
        S3Response again = first.readAgain().get();
        assertEquals(2, heads, "the metadata is read again");
        assertEquals("\"etag-2\"", again.header("ETag"));
        assertEquals(String.valueOf(BIG), again.header("Content-Length"));
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        again.streamed().writeTo(body);
        assertArrayEquals(bytes(2, BIG), body.toByteArray());
        assertNull(again.readAgain(), "a GET is read again once: a second change is answered as an error");
    }

    @Test
    void aShortSpanReapedBeforeItIsReadIsReadAgainOnce() throws Exception {
        versions.add(meta(1, SMALL));
        versions.add(meta(2, SMALL));
        S3Response answer = handler().get(getObject());
        assertEquals(2, heads);
        assertEquals("\"etag-2\"", answer.header("ETag"));
        assertArrayEquals(bytes(2, SMALL), Arrays.copyOfRange(answer.bytes(), answer.offset(), answer.offset() + answer.length()));
    }

    @Test
    void aShortSpanChangedTwiceIsUnavailable() throws Exception {
        versions.add(meta(1, SMALL));
        versions.add(meta(2, SMALL));
        versions.add(meta(3, SMALL));
        StoreException changed = assertThrows(StoreException.class, () -> handler().get(getObject()));
        assertEquals(StoreError.OBJECT_CHANGED, changed.error());
        assertEquals(2, heads);
    }

    private ObjectReadHandler handler() {
        ObjectStore store = (ObjectStore) Proxy.newProxyInstance(ObjectStore.class.getClassLoader(),
                new Class<?>[] {ObjectStore.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "head" -> versions.get(heads++);
                    case "readSpan" -> body((ObjectMeta) args[0], (ByteRange) args[1]);
                    case "readBody" -> {
                        byte[] body;
                        try {
                            body = body((ObjectMeta) args[0], (ByteRange) args[1]);
                        } catch (StoreException e) {
                            throw new IOException("rows missing", e); // as ObjectReader.readBody reports it
                        }
                        ((java.io.OutputStream) args[2]).write(body);
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return Wiring.wire(new ObjectReadHandler(), store, Wiring.wire(new Existence(), store));
    }

    /** The body of {@code meta}'s version, unless a newer version replaced it (its bytes are then reaped). */
    private byte[] body(ObjectMeta meta, ByteRange range) {
        int version = Integer.parseInt(meta.etag().substring("etag-".length()));
        if (version < versions.size()) {
            throw new StoreException(StoreError.OBJECT_CHANGED, "version " + version + " was reaped");
        }
        return Arrays.copyOfRange(bytes(version, meta.size()), (int) range.first(), (int) range.last() + 1);
    }

    private static ObjectMeta meta(int version, long size) {
        return new ObjectMeta("b", "k", size, "etag-" + version, "application/x-weird; v=" + version, Map.of(),
                Instant.parse("2026-12-03T12:00:00Z"), new BodyLocation(null, 100 + version));
    }

    private static byte[] bytes(int version, long size) {
        byte[] body = new byte[(int) size];
        Arrays.fill(body, (byte) version);
        return body;
    }

    private static S3Call getObject() {
        return Requests.get(S3Operation.GET_OBJECT, "b", "k", null);
    }
}
