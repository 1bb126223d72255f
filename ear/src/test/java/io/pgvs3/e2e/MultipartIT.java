package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.ChecksumType;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.GetObjectAttributesResponse;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsResponse;
import software.amazon.awssdk.services.s3.model.ListPartsResponse;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.NoSuchUploadException;
import software.amazon.awssdk.services.s3.model.ObjectAttributes;
import software.amazon.awssdk.services.s3.model.Part;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.UploadPartResponse;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;
import software.amazon.awssdk.services.s3.presigner.model.PresignedCompleteMultipartUploadRequest;

/** Multipart uploads with the AWS SDK v2: parts in parallel through both gateways, read back byte-exact. */
@ExtendWith(Stack.class)
class MultipartIT {

    private static final int MIB5 = 5 * 1024 * 1024;
    @RegisterExtension
    static final TwoGateways GATEWAYS = new TwoGateways("multipart");
    private static final String BUCKET = GATEWAYS.bucket();

    @Test
    void partsUploadedInParallelThroughBothGatewaysReadBackByteExact() throws Exception {
        String key = "big/25mib.bin";
        byte[][] parts = new byte[5][];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = Bodies.bytes(i == 4 ? MIB5 - 12_345 : MIB5, 100 + i);
        }
        byte[] whole = concat(parts);
        String uploadId = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key(key).contentType("application/x-test")
                .metadata(java.util.Map.of("purpose", "e2e"))).uploadId();
        List<CompletedPart> completed = uploadInParallel(key, uploadId, parts);

        String etag = GATEWAYS.second().completeMultipartUpload(b -> b.bucket(BUCKET).key(key).uploadId(uploadId)
                .multipartUpload(m -> m.parts(completed))).eTag();

        assertTrue(etag.matches("\"[0-9a-f]{32}-5\""), etag);
        HeadObjectResponse head = GATEWAYS.first().headObject(b -> b.bucket(BUCKET).key(key));
        assertEquals(whole.length, head.contentLength());
        assertEquals(etag, head.eTag());
        assertEquals("application/x-test", head.contentType());
        assertEquals("e2e", head.metadata().get("purpose"));
        assertEquals(Bodies.md5(whole), Bodies.md5(GATEWAYS.second().getObject(b -> b.bucket(BUCKET).key(key))));
        long[][] ranges = {{MIB5 - 10, MIB5 + 9}, {MIB5 - 1, 3L * MIB5}, {4L * MIB5, whole.length - 1},
            {0, 0}, {2L * MIB5 + 8119, 2L * MIB5 + 8120}};
        for (long[] r : ranges) {
            ResponseBytes<GetObjectResponse> got = GATEWAYS.first().getObjectAsBytes(b -> b.bucket(BUCKET).key(key)
                    .range("bytes=" + r[0] + "-" + r[1]));
            assertEquals("bytes " + r[0] + "-" + r[1] + "/" + whole.length, got.response().contentRange());
            assertArrayEquals(Arrays.copyOfRange(whole, (int) r[0], (int) r[1] + 1), got.asByteArray());
        }
    }

    @Test
    void partNumberReadsOnePartAsS3Does() throws Exception {
        String key = "parts/three";
        byte[][] parts = {Bodies.bytes(MIB5, 1), Bodies.bytes(MIB5, 2), Bodies.bytes(1000, 3)};
        String uploadId = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
        List<CompletedPart> completed = uploadInParallel(key, uploadId, parts);
        GATEWAYS.first().completeMultipartUpload(b -> b.bucket(BUCKET).key(key).uploadId(uploadId)
                .multipartUpload(m -> m.parts(completed)));

        ResponseBytes<GetObjectResponse> two = GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key(key).partNumber(2));
        assertArrayEquals(parts[1], two.asByteArray());
        assertEquals(206, two.response().sdkHttpResponse().statusCode());
        assertEquals("bytes " + MIB5 + "-" + (2 * MIB5 - 1) + "/" + (2 * MIB5 + 1000), two.response().contentRange());
        assertEquals(3, two.response().partsCount());
        HeadObjectResponse head = GATEWAYS.second().headObject(b -> b.bucket(BUCKET).key(key).partNumber(3));
        assertEquals(1000, head.contentLength());
        assertEquals(3, head.partsCount());
        S3Exception beyond = assertThrows(S3Exception.class,
                () -> GATEWAYS.second().getObject(b -> b.bucket(BUCKET).key(key).partNumber(4)));
        assertEquals(416, beyond.statusCode());
        assertEquals("InvalidPartNumber", beyond.awsErrorDetails().errorCode());
        S3Exception both = assertThrows(S3Exception.class,
                () -> GATEWAYS.second().getObject(b -> b.bucket(BUCKET).key(key).partNumber(1).range("bytes=0-1")));
        assertEquals("InvalidRequest", both.awsErrorDetails().errorCode());

        GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("parts/plain"), RequestBody.fromString("plain body"));
        ResponseBytes<GetObjectResponse> plain = GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key("parts/plain")
                .partNumber(1));
        assertEquals("plain body", plain.asUtf8String());
        assertNull(plain.response().partsCount());
        assertEquals(416, assertThrows(S3Exception.class, () -> GATEWAYS.second().getObject(
                b -> b.bucket(BUCKET).key("parts/plain").partNumber(2))).statusCode());
    }

    @Test
    void listPartsAndListMultipartUploadsPage() {
        String bucket = Clients.bucket("mpu-list");
        GATEWAYS.first().createBucket(b -> b.bucket(bucket));
        List<String> ids = new ArrayList<>();
        for (String key : new String[] {"a", "dir/x", "dir/y", "z"}) {
            ids.add(GATEWAYS.first().createMultipartUpload(b -> b.bucket(bucket).key(key)).uploadId());
        }
        for (int n = 1; n <= 3; n++) {
            int partNumber = n;
            GATEWAYS.second().uploadPart(b -> b.bucket(bucket).key("a").uploadId(ids.get(0)).partNumber(partNumber),
                    RequestBody.fromString("part " + partNumber));
        }
        ListPartsResponse page1 = GATEWAYS.second().listParts(b -> b.bucket(bucket).key("a").uploadId(ids.get(0)).maxParts(2));
        assertEquals(List.of(1, 2), page1.parts().stream().map(Part::partNumber).toList());
        assertTrue(page1.isTruncated());
        assertEquals(2, page1.nextPartNumberMarker());
        assertEquals(6L, page1.parts().get(0).size());
        ListPartsResponse page2 = GATEWAYS.first().listParts(b -> b.bucket(bucket).key("a").uploadId(ids.get(0))
                .partNumberMarker(page1.nextPartNumberMarker()));
        assertEquals(List.of(3), page2.parts().stream().map(Part::partNumber).toList());
        assertFalse(page2.isTruncated());

        ListMultipartUploadsResponse all = GATEWAYS.first().listMultipartUploads(b -> b.bucket(bucket));
        assertEquals(List.of("a", "dir/x", "dir/y", "z"), all.uploads().stream().map(MultipartUpload::key).toList());
        assertEquals(ids, all.uploads().stream().map(MultipartUpload::uploadId).toList());
        ListMultipartUploadsResponse rolled = GATEWAYS.first().listMultipartUploads(b -> b.bucket(bucket).delimiter("/").maxUploads(2));
        assertEquals(List.of("a"), rolled.uploads().stream().map(MultipartUpload::key).toList());
        assertEquals("dir/", rolled.commonPrefixes().get(0).prefix());
        assertTrue(rolled.isTruncated());
        ListMultipartUploadsResponse rest = GATEWAYS.second().listMultipartUploads(b -> b.bucket(bucket).delimiter("/")
                .keyMarker(rolled.nextKeyMarker()).uploadIdMarker(rolled.nextUploadIdMarker()));
        assertEquals(List.of("z"), rest.uploads().stream().map(MultipartUpload::key).toList());
        assertFalse(rest.isTruncated());
        ListMultipartUploadsResponse one = GATEWAYS.second().listMultipartUploads(b -> b.bucket(bucket).maxUploads(1)
                .keyMarker("dir/x").uploadIdMarker(ids.get(1)));
        assertEquals(List.of("dir/y"), one.uploads().stream().map(MultipartUpload::key).toList());

        for (int i = 0; i < ids.size(); i++) {
            String key = new String[] {"a", "dir/x", "dir/y", "z"}[i];
            String id = ids.get(i);
            GATEWAYS.first().abortMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(id));
        }
        GATEWAYS.first().deleteBucket(b -> b.bucket(bucket));
    }

    @Test
    void abortedUploadsAreGone() {
        String uploadId = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key("aborted")).uploadId();
        String etag = GATEWAYS.first().uploadPart(b -> b.bucket(BUCKET).key("aborted").uploadId(uploadId).partNumber(1),
                RequestBody.fromString("data")).eTag();
        assertEquals(204, GATEWAYS.second().abortMultipartUpload(b -> b.bucket(BUCKET).key("aborted").uploadId(uploadId))
                .sdkHttpResponse().statusCode());
        NoSuchUploadException gone = assertThrows(NoSuchUploadException.class,
                () -> GATEWAYS.first().listParts(b -> b.bucket(BUCKET).key("aborted").uploadId(uploadId)));
        assertEquals(404, gone.statusCode());
        assertThrows(NoSuchUploadException.class, () -> GATEWAYS.first().completeMultipartUpload(b -> b.bucket(BUCKET)
                .key("aborted").uploadId(uploadId).multipartUpload(m -> m.parts(CompletedPart.builder()
                        .partNumber(1).eTag(etag).build()))));
        assertThrows(NoSuchUploadException.class,
                () -> GATEWAYS.second().abortMultipartUpload(b -> b.bucket(BUCKET).key("aborted").uploadId(uploadId)));
        assertThrows(S3Exception.class, () -> GATEWAYS.first().headObject(b -> b.bucket(BUCKET).key("aborted")));
    }

    /** Default SDK settings send each part's CRC32 as a trailer; the object gets the full-object CRC32. */
    @Test
    void defaultPartChecksumsGiveTheObjectItsCrc32() throws Exception {
        String key = "checksums/default";
        byte[][] parts = {Bodies.bytes(MIB5, 41), Bodies.bytes(4321, 42)};
        String uploadId = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
        List<CompletedPart> completed = uploadInParallel(key, uploadId, parts);
        CompleteMultipartUploadResponse done = GATEWAYS.second().completeMultipartUpload(b -> b.bucket(BUCKET).key(key)
                .uploadId(uploadId).multipartUpload(m -> m.parts(completed)));
        String crc32 = crc32(concat(parts));
        assertEquals(crc32, done.checksumCRC32());
        assertEquals(ChecksumType.FULL_OBJECT, done.checksumType());
        ResponseBytes<GetObjectResponse> got = GATEWAYS.first().getObjectAsBytes(b -> b.bucket(BUCKET).key(key)
                .checksumMode(ChecksumMode.ENABLED));
        assertEquals(crc32, got.response().checksumCRC32(), "the SDK validated the body against it");
        assertEquals(ChecksumType.FULL_OBJECT, got.response().checksumType());
        assertEquals(Bodies.md5(concat(parts)), Bodies.md5(got.asByteArray()));
    }

    /** An upload created with CRC32 COMPOSITE: listed part checksums are checked, the object's ends in -N. */
    @Test
    void compositeChecksumAndWrongPartChecksums() throws Exception {
        String key = "checksums/composite";
        byte[][] parts = {Bodies.bytes(MIB5, 43), Bodies.bytes(99, 44)};
        S3Exception shaFull = assertThrows(S3Exception.class, () -> GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET)
                .key(key).checksumAlgorithm(ChecksumAlgorithm.SHA256).checksumType(ChecksumType.FULL_OBJECT)));
        assertEquals("InvalidRequest", shaFull.awsErrorDetails().errorCode());
        String uploadId = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key(key)
                .checksumAlgorithm(ChecksumAlgorithm.CRC32).checksumType(ChecksumType.COMPOSITE)).uploadId();
        S3Exception wrong = assertThrows(S3Exception.class, () -> GATEWAYS.first().uploadPart(b -> b.bucket(BUCKET).key(key)
                .uploadId(uploadId).partNumber(1).checksumCRC32("AAAAAA=="), RequestBody.fromBytes(parts[0])));
        assertEquals("BadDigest", wrong.awsErrorDetails().errorCode());
        assertTrue(GATEWAYS.first().listParts(b -> b.bucket(BUCKET).key(key).uploadId(uploadId)).parts().isEmpty());
        List<CompletedPart> completed = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            int number = i + 1;
            byte[] body = parts[i];
            UploadPartResponse up = GATEWAYS.second().uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(uploadId)
                    .partNumber(number).checksumAlgorithm(ChecksumAlgorithm.CRC32), RequestBody.fromBytes(body));
            assertEquals(crc32(body), up.checksumCRC32());
            completed.add(CompletedPart.builder().partNumber(number).eTag(up.eTag()).checksumCRC32(up.checksumCRC32())
                    .build());
        }
        assertCompleteFails(key, uploadId, 400, "InvalidRequest", part(1, completed.get(0).eTag()),
                part(2, completed.get(1).eTag()));
        assertCompleteFails(key, uploadId, 400, "InvalidPart", completed.get(0),
                completed.get(1).toBuilder().checksumCRC32(crc32(parts[0])).build());
        CompleteMultipartUploadResponse done = GATEWAYS.first().completeMultipartUpload(b -> b.bucket(BUCKET).key(key)
                .uploadId(uploadId).multipartUpload(m -> m.parts(completed)));
        byte[] concatenated = concat(Base64.getDecoder().decode(crc32(parts[0])),
                Base64.getDecoder().decode(crc32(parts[1])));
        assertEquals(crc32(concatenated) + "-2", done.checksumCRC32());
        assertEquals(ChecksumType.COMPOSITE, done.checksumType());
        HeadObjectResponse head = GATEWAYS.second().headObject(b -> b.bucket(BUCKET).key(key).checksumMode(ChecksumMode.ENABLED));
        assertEquals(crc32(concatenated) + "-2", head.checksumCRC32());
        assertEquals(ChecksumType.COMPOSITE, head.checksumType());
        GetObjectAttributesResponse attributes = GATEWAYS.first().getObjectAttributes(b -> b.bucket(BUCKET).key(key)
                .objectAttributes(ObjectAttributes.CHECKSUM));
        assertEquals(crc32(concatenated) + "-2", attributes.checksum().checksumCRC32());
        assertEquals(ChecksumType.COMPOSITE, attributes.checksum().checksumType());
        assertArrayEquals(concat(parts), GATEWAYS.first().getObjectAsBytes(b -> b.bucket(BUCKET).key(key)
                .checksumMode(ChecksumMode.ENABLED)).asByteArray());
    }

    private static String crc32(byte[] body) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(body);
        return Base64.getEncoder().encodeToString(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    @Test
    void completionChecksThePartListAsS3Does() {
        String key = "checked";
        String uploadId = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
        String small = GATEWAYS.first().uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(uploadId).partNumber(1),
                RequestBody.fromString("too small")).eTag();
        String last = GATEWAYS.first().uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(uploadId).partNumber(2),
                RequestBody.fromString("last")).eTag();
        assertCompleteFails(key, uploadId, 400, "InvalidPart", part(1, "\"0123456789abcdef0123456789abcdef\""));
        assertCompleteFails(key, uploadId, 400, "InvalidPart", part(3, last));
        assertCompleteFails(key, uploadId, 400, "InvalidPartOrder", part(2, last), part(1, small));
        assertCompleteFails(key, uploadId, 400, "EntityTooSmall", part(1, small), part(2, last));
        // issue 21: a number that names no possible part is InvalidArgument, as for UploadPart, not InvalidPart
        for (int number : new int[] {0, -1, 10_001}) {
            assertCompleteFails(key, uploadId, 400, "InvalidArgument", part(number, last));
        }
        assertCompleteFails(key, uploadId, 400, "InvalidArgument", part(2, last), part(10_001, last));
        String etag = GATEWAYS.first().completeMultipartUpload(b -> b.bucket(BUCKET).key(key).uploadId(uploadId)
                .multipartUpload(m -> m.parts(part(2, last)))).eTag();
        assertEquals("last", GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asUtf8String());
        assertTrue(etag.endsWith("-1\""), etag);

        String again = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
        String part = GATEWAYS.first().uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(again).partNumber(1),
                RequestBody.fromString("v2")).eTag();
        S3Exception exists = assertThrows(S3Exception.class, () -> GATEWAYS.first().completeMultipartUpload(b -> b.bucket(BUCKET)
                .key(key).uploadId(again).ifNoneMatch("*").multipartUpload(m -> m.parts(part(1, part)))));
        assertEquals(412, exists.statusCode());
        assertEquals("last", GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asUtf8String());
    }

    /**
     * Issue 21, as s3-tests' test_multipart_resend_first_finishes_last: part 1 is sent twice, the first
     * upload finishing last; the client lists both answers in the order they came. S3 completes with the
     * part whose upload finished last.
     */
    @Test
    void aPartSentTwiceWhoseFirstUploadFinishesLastCompletesWithIt() throws Exception {
        String key = "resend/first-finishes-last";
        byte[] first = Bodies.bytes(MIB5 + 10, 51);
        byte[] second = Bodies.bytes(MIB5 + 20, 52);
        String uploadId = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
        CountDownLatch halfSent = new CountDownLatch(1);
        CountDownLatch secondDone = new CountDownLatch(1);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<String> firstUpload = pool.submit(() -> GATEWAYS.first().uploadPart(b -> b.bucket(BUCKET).key(key)
                    .uploadId(uploadId).partNumber(1), RequestBody.fromContentProvider(
                            () -> new PausingBody(first, first.length / 2, halfSent, secondDone),
                            first.length, "application/octet-stream")).eTag());
            assertTrue(halfSent.await(60, TimeUnit.SECONDS), "the first upload sent half its body");
            String secondEtag = GATEWAYS.second().uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(uploadId)
                    .partNumber(1), RequestBody.fromBytes(second)).eTag();
            secondDone.countDown();
            String firstEtag = firstUpload.get(120, TimeUnit.SECONDS);

            CompleteMultipartUploadResponse done = GATEWAYS.first().completeMultipartUpload(b -> b.bucket(BUCKET)
                    .key(key).uploadId(uploadId).multipartUpload(m -> m.parts(part(1, secondEtag), part(1, firstEtag))));
            assertTrue(done.eTag().endsWith("-1\""), done.eTag());
            assertArrayEquals(first, GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asByteArray());
        } finally {
            secondDone.countDown();
            pool.shutdownNow();
        }
    }

    /** A body that stops after {@code pause} bytes until {@code resume} opens, then sends the rest. */
    private static final class PausingBody extends java.io.InputStream {
        private final byte[] bytes;
        private final int pause;
        private final CountDownLatch paused;
        private final CountDownLatch resume;
        private int position;

        PausingBody(byte[] bytes, int pause, CountDownLatch paused, CountDownLatch resume) {
            this.bytes = bytes;
            this.pause = pause;
            this.paused = paused;
            this.resume = resume;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (position == pause) {
                paused.countDown();
                try {
                    resume.await(2, TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (position >= bytes.length) {
                return -1;
            }
            int end = position < pause ? pause : bytes.length;
            int n = Math.min(length, end - position);
            System.arraycopy(bytes, position, buffer, offset, n);
            position += n;
            return n;
        }
    }

    @Test
    void hostileOrMalformedCompletionDocumentsAreRefused() throws Exception {
        String key = "hostile";
        String uploadId = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
        String etag = GATEWAYS.first().uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(uploadId).partNumber(1),
                RequestBody.fromString("body")).eTag();
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                + "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>&e;</ETag></Part>"
                + "</CompleteMultipartUpload>";
        assertRawComplete(key, uploadId, xxe, 400, "MalformedXML");
        assertRawComplete(key, uploadId, "<CompleteMultipartUpload><Part>", 400, "MalformedXML");
        assertRawComplete(key, uploadId, "<CompleteMultipartUpload></CompleteMultipartUpload>", 400, "MalformedXML");
        assertRawComplete(key, uploadId, "<Other/>", 400, "MalformedXML");
        String huge = "<CompleteMultipartUpload>" + "<!-- padding -->".repeat(200_000) + "</CompleteMultipartUpload>";
        assertRawComplete(key, uploadId, huge, 400, "MaxMessageLengthExceeded");
        assertRawComplete(key, uploadId, "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>" + etag
                + "</ETag></Part></CompleteMultipartUpload>", 200, "CompleteMultipartUploadResult");
        assertEquals("body", GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asUtf8String());
    }

    /** POSTs {@code document} to a presigned CompleteMultipartUpload URL, as no SDK would. */
    private static void assertRawComplete(String key, String uploadId, String document, int status, String expected)
            throws Exception {
        try (S3Presigner presigner = Clients.presigner(1)) {
            PresignedCompleteMultipartUploadRequest presigned = presigner.presignCompleteMultipartUpload(p -> p
                    .signatureDuration(Duration.ofMinutes(5))
                    .completeMultipartUploadRequest(r -> r.bucket(BUCKET).key(key).uploadId(uploadId)));
            HttpRequest.Builder request = HttpRequest.newBuilder(presigned.url().toURI())
                    .POST(HttpRequest.BodyPublishers.ofString(document));
            HttpResponse<String> response = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                    .send(request.build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(status, response.statusCode(), response.body());
            assertTrue(response.body().contains(expected), response.body());
        }
    }

    private static void assertCompleteFails(String key, String uploadId, int status, String code, CompletedPart... parts) {
        S3Exception e = assertThrows(S3Exception.class, () -> GATEWAYS.second().completeMultipartUpload(b -> b.bucket(BUCKET)
                .key(key).uploadId(uploadId).multipartUpload(m -> m.parts(parts))));
        assertEquals(status, e.statusCode());
        assertEquals(code, e.awsErrorDetails().errorCode());
    }

    private static CompletedPart part(int number, String etag) {
        return CompletedPart.builder().partNumber(number).eTag(etag).build();
    }

    /** Part i goes through gateway i % 2, all at once. */
    private static List<CompletedPart> uploadInParallel(String key, String uploadId, byte[][] parts) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(parts.length);
        try {
            List<Future<CompletedPart>> uploads = new ArrayList<>();
            for (int i = 0; i < parts.length; i++) {
                int number = i + 1;
                byte[] body = parts[i];
                S3Client client = i % 2 == 0 ? GATEWAYS.first() : GATEWAYS.second();
                uploads.add(pool.submit(() -> {
                    String etag = client.uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(uploadId)
                            .partNumber(number), RequestBody.fromBytes(body)).eTag();
                    assertEquals("\"" + Bodies.md5(body) + "\"", etag);
                    return part(number, etag);
                }));
            }
            List<CompletedPart> done = new ArrayList<>();
            for (Future<CompletedPart> upload : uploads) {
                done.add(upload.get());
            }
            return done;
        } finally {
            pool.shutdown();
        }
    }

    static byte[] concat(byte[]... parts) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.write(part);
        }
        return all.toByteArray();
    }

    /** Issue 9: a client whose first Complete timed out retries it; S3 answers the retry as the first. */
    @Test
    void aRetriedCompleteGetsTheSameAnswer() {
        String key = "retried-complete";
        String upload = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
        String etag = GATEWAYS.first().uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(upload).partNumber(1)
                .checksumAlgorithm(ChecksumAlgorithm.CRC32), RequestBody.fromString("the only part")).eTag();
        CompletedMultipartUpload parts = CompletedMultipartUpload.builder()
                .parts(CompletedPart.builder().partNumber(1).eTag(etag).build()).build();
        CompleteMultipartUploadResponse first = GATEWAYS.first().completeMultipartUpload(
                b -> b.bucket(BUCKET).key(key).uploadId(upload).multipartUpload(parts));
        CompleteMultipartUploadResponse again = GATEWAYS.second().completeMultipartUpload(
                b -> b.bucket(BUCKET).key(key).uploadId(upload).multipartUpload(parts));
        assertEquals(first.eTag(), again.eTag());
        assertEquals(first.checksumCRC32(), again.checksumCRC32());
    }

    /** Issue 9: the whole-object checksum header of Complete was not verified. */
    @Test
    void aWrongWholeObjectChecksumOnCompleteIsBadDigestAndCompletesNothing() {
        String key = "complete-bad-digest";
        String upload = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key(key)
                .checksumAlgorithm(ChecksumAlgorithm.CRC32).checksumType(ChecksumType.FULL_OBJECT)).uploadId();
        String etag = GATEWAYS.first().uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(upload).partNumber(1)
                .checksumAlgorithm(ChecksumAlgorithm.CRC32), RequestBody.fromString("the only part")).eTag();
        CompletedMultipartUpload parts = CompletedMultipartUpload.builder()
                .parts(CompletedPart.builder().partNumber(1).eTag(etag).build()).build();
        S3Exception error = assertThrows(S3Exception.class, () -> GATEWAYS.second().completeMultipartUpload(
                b -> b.bucket(BUCKET).key(key).uploadId(upload).multipartUpload(parts).checksumCRC32("AAAAAA==")
                        .checksumType(ChecksumType.FULL_OBJECT)));
        assertEquals("BadDigest", error.awsErrorDetails().errorCode());
        assertThrows(NoSuchKeyException.class, () -> GATEWAYS.first().headObject(b -> b.bucket(BUCKET).key(key)));
        GATEWAYS.first().completeMultipartUpload(b -> b.bucket(BUCKET).key(key).uploadId(upload).multipartUpload(parts));
    }
}
