package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.CompleteSpec;
import io.pgvs3.store.api.CopyListener;
import io.pgvs3.store.api.CopySource;
import io.pgvs3.store.api.CompletedPart;
import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.PartSpec;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.UploadSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.Multipart;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Part checksums are stored with their parts and give the completed object its checksum, as in S3. */
@ExtendWith(PostgresExtension.class)
class MultipartChecksumTest {

    private static final byte[][] BODIES = {Bodies.random(Multipart.MIB5, 11), Bodies.random(Multipart.MIB5 + 3, 12),
        Bodies.random(777, 13)};

    private static Stores stores;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
    }

    private static byte[] crc32(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return ByteBuffer.allocate(4).putInt((int) crc.getValue()).array();
    }

    private static String b64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static ObjectChecksum partCrc(byte[] body) {
        return ObjectChecksum.fullObject(ChecksumAlgorithm.CRC32, crc32(body));
    }

    private static String create(String bucket, String algorithm, String type) {
        return stores.uploads.create(new UploadSpec(bucket, "k", null, Map.of(), algorithm, type)).uploadId();
    }

    private static PartInfo upload(String bucket, String id, int number, byte[] body, ObjectChecksum checksum) {
        return stores.parts.upload(new PartSpec(bucket, "k", id, number, body.length, null, null, () -> checksum),
                new ByteArrayInputStream(body));
    }

    /** Uploads the three parts with their CRC32s; returns the Complete list, with checksums if asked. */
    private static List<CompletedPart> uploadAll(String bucket, String id, boolean listChecksums) {
        List<CompletedPart> listed = new ArrayList<>();
        for (int i = 0; i < BODIES.length; i++) {
            PartInfo part = upload(bucket, id, i + 1, BODIES[i], partCrc(BODIES[i]));
            assertEquals(partCrc(BODIES[i]), part.checksum());
            listed.add(listChecksums
                    ? new CompletedPart(i + 1, part.etag(), ChecksumAlgorithm.CRC32, b64(crc32(BODIES[i])))
                    : new CompletedPart(i + 1, part.etag()));
        }
        return listed;
    }

    private static PutResult complete(String bucket, String id, List<CompletedPart> listed) {
        return stores.completer.complete(new CompleteSpec(bucket, "k", id, listed, WriteCondition.NONE));
    }

    @Test
    void compositeIsTheChecksumOfTheConcatenatedPartChecksums() throws Exception {
        String bucket = stores.newBucket("mpck");
        String id = create(bucket, "CRC32", "COMPOSITE");
        PutResult result = complete(bucket, id, uploadAll(bucket, id, true));
        ByteArrayOutputStream concatenated = new ByteArrayOutputStream();
        for (byte[] body : BODIES) {
            concatenated.write(crc32(body));
        }
        ObjectChecksum expected = new ObjectChecksum(ChecksumAlgorithm.CRC32, ChecksumType.COMPOSITE,
                b64(crc32(concatenated.toByteArray())) + "-3");
        assertEquals(expected, result.checksum());
        assertEquals(expected, stores.reader.head(bucket, "k", false).checksum());
    }

    /** Issue 9: a copied part got no checksum, so an upload created with an algorithm could never complete. */
    @Test
    void aCopiedPartGetsTheUploadsChecksum() throws Exception {
        String bucket = stores.newBucket("mpck");
        byte[] source = Bodies.random(Multipart.MIB5 + 1000, 9);
        stores.writer.put(Bodies.spec(bucket, "src", source.length), new ByteArrayInputStream(source));
        String id = create(bucket, "CRC32", "COMPOSITE");
        PartInfo first = stores.parts.copy(new PartSpec(bucket, "k", id, 1, -1, null, null, () -> null),
                new CopySource(bucket, "src", null), new ByteRange(0, Multipart.MIB5 - 1), CopyListener.NONE);
        assertEquals(partCrc(java.util.Arrays.copyOfRange(source, 0, Multipart.MIB5)), first.checksum());
        PartInfo whole = stores.parts.copy(new PartSpec(bucket, "k", id, 2, -1, null, null, () -> null),
                new CopySource(bucket, "src", null), null, CopyListener.NONE);
        assertEquals(partCrc(source), whole.checksum());
        PutResult done = complete(bucket, id, List.of(
                new CompletedPart(1, first.etag(), ChecksumAlgorithm.CRC32, first.checksum().value()),
                new CompletedPart(2, whole.etag(), ChecksumAlgorithm.CRC32, whole.checksum().value())));
        assertEquals(ChecksumType.COMPOSITE, done.checksum().type());
    }

    /** Issue 9: the whole-object checksum header of CompleteMultipartUpload was not verified. */
    @Test
    void aWrongWholeObjectChecksumIsBadDigestAndCompletesNothing() throws Exception {
        String bucket = stores.newBucket("mpck");
        String id = create(bucket, "CRC32", "FULL_OBJECT");
        List<CompletedPart> listed = uploadAll(bucket, id, false);
        String wrong = b64(crc32("other bytes".getBytes(StandardCharsets.UTF_8)));
        assertEquals(StoreError.BAD_DIGEST, assertThrows(StoreException.class, () -> stores.completer.complete(
                new CompleteSpec(bucket, "k", id, listed, WriteCondition.NONE, ChecksumAlgorithm.CRC32, wrong))).error());
        assertEquals(StoreError.NO_SUCH_KEY,
                assertThrows(StoreException.class, () -> stores.reader.head(bucket, "k", false)).error());
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        for (byte[] body : BODIES) {
            whole.write(body);
        }
        PutResult result = stores.completer.complete(new CompleteSpec(bucket, "k", id, listed, WriteCondition.NONE,
                ChecksumAlgorithm.CRC32, b64(crc32(whole.toByteArray()))));
        assertEquals(ChecksumType.FULL_OBJECT, result.checksum().type());
    }

    @Test
    void fullObjectIsTheCrcOfTheWholeObject() throws Exception {
        String bucket = stores.newBucket("mpck");
        String id = create(bucket, "CRC32", "FULL_OBJECT");
        PutResult result = complete(bucket, id, uploadAll(bucket, id, false));
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        for (byte[] body : BODIES) {
            whole.write(body);
        }
        ObjectChecksum expected = ObjectChecksum.fullObject(ChecksumAlgorithm.CRC32, crc32(whole.toByteArray()));
        assertEquals(expected, result.checksum());
        assertEquals(expected, stores.reader.head(bucket, "k", false).checksum());
    }

    @Test
    void anUploadWithoutAlgorithmGetsTheFullObjectCrcItsPartsShare() throws Exception {
        String bucket = stores.newBucket("mpck");
        String id = create(bucket, null, null);
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        for (byte[] body : BODIES) {
            whole.write(body);
        }
        assertEquals(ObjectChecksum.fullObject(ChecksumAlgorithm.CRC32, crc32(whole.toByteArray())),
                complete(bucket, id, uploadAll(bucket, id, false)).checksum());
    }

    @Test
    void partsWithoutChecksumGiveNone() {
        String bucket = stores.newBucket("mpck");
        String id = create(bucket, null, null);
        PartInfo part = upload(bucket, id, 1, BODIES[2], null);
        assertNull(part.checksum());
        assertNull(complete(bucket, id, List.of(new CompletedPart(1, part.etag()))).checksum());
    }

    @Test
    void aListedChecksumThatDiffersIsInvalidPart() {
        String bucket = stores.newBucket("mpck");
        String id = create(bucket, "CRC32", "COMPOSITE");
        List<CompletedPart> listed = new ArrayList<>(uploadAll(bucket, id, true));
        CompletedPart last = listed.get(2);
        listed.set(2, new CompletedPart(3, last.etag(), ChecksumAlgorithm.CRC32, b64(crc32(BODIES[0]))));
        StoreException e = assertThrows(StoreException.class, () -> complete(bucket, id, listed));
        assertEquals(StoreError.INVALID_PART, e.error());
        listed.set(2, new CompletedPart(3, last.etag(), ChecksumAlgorithm.SHA256,
                b64(sha256(BODIES[2]))));
        e = assertThrows(StoreException.class, () -> complete(bucket, id, listed));
        assertEquals(StoreError.INVALID_PART, e.error());
        listed.set(2, last);
        complete(bucket, id, listed);
    }

    @Test
    void aPartWithoutTheUploadsAlgorithmIsInvalidPart() {
        String bucket = stores.newBucket("mpck");
        String id = create(bucket, "SHA256", null);
        String sha = b64(sha256(BODIES[2]));
        PartInfo part = upload(bucket, id, 1, BODIES[2], partCrc(BODIES[2]));
        StoreException e = assertThrows(StoreException.class, () -> complete(bucket, id,
                List.of(new CompletedPart(1, part.etag(), ChecksumAlgorithm.SHA256, sha))));
        assertEquals(StoreError.INVALID_PART, e.error());
        PartInfo again = upload(bucket, id, 1, BODIES[2], null);
        e = assertThrows(StoreException.class, () -> complete(bucket, id,
                List.of(new CompletedPart(1, again.etag(), ChecksumAlgorithm.SHA256, sha))));
        assertEquals(StoreError.INVALID_PART, e.error());
        PartInfo good = upload(bucket, id, 1, BODIES[2], ObjectChecksum.fullObject(ChecksumAlgorithm.SHA256,
                sha256(BODIES[2])));
        e = assertThrows(StoreException.class, () -> complete(bucket, id, List.of(new CompletedPart(1, good.etag()))));
        assertEquals(StoreError.INVALID_REQUEST, e.error(), "a COMPOSITE list names every part's checksum");
        assertEquals("The upload was created using a sha256 checksum. The complete request must include the"
                + " checksum for each part. It was missing for part 1 in the request.", e.getMessage());
        assertEquals(new ObjectChecksum(ChecksumAlgorithm.SHA256, ChecksumType.COMPOSITE,
                        b64(sha256(sha256(BODIES[2]))) + "-1"),
                complete(bucket, id, List.of(new CompletedPart(1, good.etag(), ChecksumAlgorithm.SHA256, sha)))
                        .checksum());
    }

    @Test
    void aThrowingChecksumStoresNoPart() {
        String bucket = stores.newBucket("mpck");
        String id = create(bucket, null, null);
        IllegalStateException mismatch = new IllegalStateException("BadDigest");
        StoreException refused = assertThrows(StoreException.class, () -> stores.parts.upload(new PartSpec(bucket, "k",
                id, 1, BODIES[2].length, null, null, () -> {
                    throw mismatch;
                }), new ByteArrayInputStream(BODIES[2])));
        assertEquals(StoreError.REJECTED_INPUT, refused.error());
        assertSame(mismatch, refused.getCause());
        assertEquals(0, stores.uploads.listParts(bucket, "k", id, 0, 10).parts().size());
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
