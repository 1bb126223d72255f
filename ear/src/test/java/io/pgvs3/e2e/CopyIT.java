package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.MetadataDirective;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.UploadPartCopyResponse;

/** CopyObject and UploadPartCopy with the AWS SDK v2, within and across buckets and gateways. */
@ExtendWith(Stack.class)
class CopyIT {

    private static final int MIB5 = 5 * 1024 * 1024;
    private static final String BUCKET = Clients.bucket("copy");
    private static final String OTHER = Clients.bucket("copy-other");
    private static S3Client first;
    private static S3Client second;

    @BeforeAll
    static void createBuckets() {
        first = Clients.s3(0);
        second = Clients.s3(1);
        first.createBucket(b -> b.bucket(BUCKET));
        first.createBucket(b -> b.bucket(OTHER));
    }

    @AfterAll
    static void close() {
        first.close();
        second.close();
    }

    @Test
    void copyKeepsMetadataAndReplaceTakesTheRequests() throws Exception {
        byte[] body = Bodies.bytes(300_000, 1);
        String etag = first.putObject(b -> b.bucket(BUCKET).key("meta/src").contentType("text/csv")
                .metadata(Map.of("a", "1")), RequestBody.fromBytes(body)).eTag();

        CopyObjectResponse copied = second.copyObject(b -> b.sourceBucket(BUCKET).sourceKey("meta/src")
                .destinationBucket(BUCKET).destinationKey("meta/copy"));
        assertEquals(etag, copied.copyObjectResult().eTag());
        assertTrue(copied.copyObjectResult().lastModified().isAfter(Instant.now().minusSeconds(60)));
        HeadObjectResponse copy = first.headObject(b -> b.bucket(BUCKET).key("meta/copy"));
        assertEquals("text/csv", copy.contentType());
        assertEquals(Map.of("a", "1"), copy.metadata());
        assertArrayEquals(body, first.getObjectAsBytes(b -> b.bucket(BUCKET).key("meta/copy")).asByteArray());

        second.copyObject(b -> b.sourceBucket(BUCKET).sourceKey("meta/src").destinationBucket(BUCKET)
                .destinationKey("meta/replaced").metadataDirective(MetadataDirective.REPLACE)
                .contentType("application/json").metadata(Map.of("b", "2")));
        HeadObjectResponse replaced = first.headObject(b -> b.bucket(BUCKET).key("meta/replaced"));
        assertEquals("application/json", replaced.contentType());
        assertEquals(Map.of("b", "2"), replaced.metadata());
    }

    @Test
    void copyingAnObjectOntoItselfNeedsReplace() {
        first.putObject(b -> b.bucket(BUCKET).key("self").contentType("text/plain"), RequestBody.fromString("me"));
        S3Exception e = assertThrows(S3Exception.class, () -> first.copyObject(b -> b.sourceBucket(BUCKET)
                .sourceKey("self").destinationBucket(BUCKET).destinationKey("self")));
        assertEquals(400, e.statusCode());
        assertEquals("InvalidRequest", e.awsErrorDetails().errorCode());
        assertTrue(e.awsErrorDetails().errorMessage().startsWith("This copy request is illegal"));
        first.copyObject(b -> b.sourceBucket(BUCKET).sourceKey("self").destinationBucket(BUCKET).destinationKey("self")
                .metadataDirective(MetadataDirective.REPLACE).contentType("text/markdown"));
        assertEquals("text/markdown", second.headObject(b -> b.bucket(BUCKET).key("self")).contentType());
        assertEquals("me", second.getObjectAsBytes(b -> b.bucket(BUCKET).key("self")).asUtf8String());
    }

    @Test
    void sourceConditionsFailWith412() {
        String etag = first.putObject(b -> b.bucket(BUCKET).key("cond"), RequestBody.fromString("c")).eTag();
        Instant past = Instant.now().minusSeconds(3600);
        Instant future = Instant.now().plusSeconds(3600);
        List<java.util.function.Consumer<software.amazon.awssdk.services.s3.model.CopyObjectRequest.Builder>> failing
                = List.of(b -> b.copySourceIfMatch("\"0123456789abcdef0123456789abcdef\""),
                    b -> b.copySourceIfNoneMatch(etag),
                    b -> b.copySourceIfUnmodifiedSince(past),
                    b -> b.copySourceIfNoneMatch(etag).copySourceIfModifiedSince(past));
        for (var condition : failing) {
            S3Exception e = assertThrows(S3Exception.class, () -> second.copyObject(b -> condition.accept(
                    b.sourceBucket(BUCKET).sourceKey("cond").destinationBucket(BUCKET).destinationKey("cond-copy"))));
            assertEquals(412, e.statusCode());
            assertEquals("PreconditionFailed", e.awsErrorDetails().errorCode());
        }
        assertThrows(NoSuchKeyException.class, () -> first.headObject(b -> b.bucket(BUCKET).key("cond-copy")));
        second.copyObject(b -> b.sourceBucket(BUCKET).sourceKey("cond").destinationBucket(BUCKET)
                .destinationKey("cond-copy").copySourceIfMatch(etag).copySourceIfUnmodifiedSince(past)
                .copySourceIfModifiedSince(future));
        assertEquals("c", first.getObjectAsBytes(b -> b.bucket(BUCKET).key("cond-copy")).asUtf8String());
        assertThrows(NoSuchKeyException.class, () -> first.copyObject(b -> b.sourceBucket(BUCKET)
                .sourceKey("missing").destinationBucket(BUCKET).destinationKey("x")));
    }

    @Test
    void copiesAcrossBucketsAndOfMultipartObjects() throws Exception {
        byte[] single = Bodies.bytes(3 * 1024 * 1024 + 5, 2);
        String key = "odd key+with ünïcode & spaces";
        first.putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromBytes(single));
        second.copyObject(b -> b.sourceBucket(BUCKET).sourceKey(key).destinationBucket(OTHER).destinationKey(key));
        assertArrayEquals(single, first.getObjectAsBytes(b -> b.bucket(OTHER).key(key)).asByteArray());

        byte[] a = Bodies.bytes(MIB5, 3);
        byte[] c = Bodies.bytes(777, 4);
        String uploadId = first.createMultipartUpload(b -> b.bucket(BUCKET).key("mp")).uploadId();
        String ea = first.uploadPart(b -> b.bucket(BUCKET).key("mp").uploadId(uploadId).partNumber(1),
                RequestBody.fromBytes(a)).eTag();
        String ec = first.uploadPart(b -> b.bucket(BUCKET).key("mp").uploadId(uploadId).partNumber(2),
                RequestBody.fromBytes(c)).eTag();
        String etag = first.completeMultipartUpload(b -> b.bucket(BUCKET).key("mp").uploadId(uploadId)
                .multipartUpload(m -> m.parts(part(1, ea), part(2, ec)))).eTag();
        for (String bucket : new String[] {BUCKET, OTHER}) {
            CopyObjectResponse copy = second.copyObject(b -> b.sourceBucket(BUCKET).sourceKey("mp")
                    .destinationBucket(bucket).destinationKey("mp-copy"));
            assertEquals(etag, copy.copyObjectResult().eTag());
            assertArrayEquals(MultipartIT.concat(a, c),
                    first.getObjectAsBytes(b -> b.bucket(bucket).key("mp-copy")).asByteArray());
            assertEquals(2, first.headObject(b -> b.bucket(bucket).key("mp-copy").partNumber(1)).partsCount());
        }
        first.deleteObject(b -> b.bucket(BUCKET).key("mp"));
        assertArrayEquals(MultipartIT.concat(a, c),
                second.getObjectAsBytes(b -> b.bucket(BUCKET).key("mp-copy")).asByteArray(), "shared parts live on");
    }

    @Test
    void uploadPartCopyAssemblesRangesOfOtherObjects() throws Exception {
        byte[] source = Bodies.bytes(2 * MIB5 + 4321, 5);
        first.putObject(b -> b.bucket(BUCKET).key("parts/source"), RequestBody.fromBytes(source));
        byte[] small = Bodies.bytes(2000, 6);
        first.putObject(b -> b.bucket(OTHER).key("parts/small"), RequestBody.fromBytes(small));

        String uploadId = second.createMultipartUpload(b -> b.bucket(BUCKET).key("parts/assembled")).uploadId();
        UploadPartCopyResponse p1 = first.uploadPartCopy(b -> b.sourceBucket(BUCKET).sourceKey("parts/source")
                .destinationBucket(BUCKET).destinationKey("parts/assembled").uploadId(uploadId).partNumber(1)
                .copySourceRange("bytes=" + MIB5 + "-" + (2 * MIB5 - 1)));
        UploadPartCopyResponse p2 = second.uploadPartCopy(b -> b.sourceBucket(BUCKET).sourceKey("parts/source")
                .destinationBucket(BUCKET).destinationKey("parts/assembled").uploadId(uploadId).partNumber(2));
        UploadPartCopyResponse p3 = first.uploadPartCopy(b -> b.sourceBucket(OTHER).sourceKey("parts/small")
                .destinationBucket(BUCKET).destinationKey("parts/assembled").uploadId(uploadId).partNumber(3)
                .copySourceRange("bytes=100-1099"));
        byte[] secondHalf = Arrays.copyOfRange(source, MIB5, 2 * MIB5);
        assertEquals("\"" + Bodies.md5(secondHalf) + "\"", p1.copyPartResult().eTag());
        assertEquals("\"" + Bodies.md5(source) + "\"", p2.copyPartResult().eTag());
        second.completeMultipartUpload(b -> b.bucket(BUCKET).key("parts/assembled").uploadId(uploadId)
                .multipartUpload(m -> m.parts(part(1, p1.copyPartResult().eTag()), part(2, p2.copyPartResult().eTag()),
                        part(3, p3.copyPartResult().eTag()))));
        byte[] expected = MultipartIT.concat(secondHalf, source, Arrays.copyOfRange(small, 100, 1100));
        assertEquals(Bodies.md5(expected),
                Bodies.md5(first.getObject(b -> b.bucket(BUCKET).key("parts/assembled"))));

        String other = first.createMultipartUpload(b -> b.bucket(BUCKET).key("parts/bad")).uploadId();
        S3Exception outside = assertThrows(S3Exception.class, () -> first.uploadPartCopy(b -> b.sourceBucket(OTHER)
                .sourceKey("parts/small").destinationBucket(BUCKET).destinationKey("parts/bad").uploadId(other)
                .partNumber(1).copySourceRange("bytes=0-2000")));
        assertEquals(400, outside.statusCode());
        assertEquals("InvalidArgument", outside.awsErrorDetails().errorCode());
        first.abortMultipartUpload(b -> b.bucket(BUCKET).key("parts/bad").uploadId(other));
    }

    private static CompletedPart part(int number, String etag) {
        return CompletedPart.builder().partNumber(number).eTag(etag).build();
    }

    /** Issue 9: CopyObject with x-amz-checksum-algorithm kept the source's checksum. */
    @Test
    void copyObjectComputesTheRequestedChecksum() throws Exception {
        byte[] body = new byte[300_000];
        Arrays.fill(body, (byte) 7);
        first.putObject(b -> b.bucket(BUCKET).key("ck-src"), RequestBody.fromBytes(body));
        CopyObjectResponse copy = second.copyObject(b -> b.sourceBucket(BUCKET).sourceKey("ck-src")
                .destinationBucket(OTHER).destinationKey("ck-dst").checksumAlgorithm(ChecksumAlgorithm.SHA256));
        String sha256 = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(body));
        assertEquals(sha256, copy.copyObjectResult().checksumSHA256());
        assertEquals(sha256, first.headObject(b -> b.bucket(OTHER).key("ck-dst").checksumMode(ChecksumMode.ENABLED))
                .checksumSHA256());
    }

    /** Issue 9: a copied part got no checksum, so an upload created with an algorithm could never complete. */
    @Test
    void uploadPartCopyIntoAnUploadWithAnAlgorithmCarriesItsChecksum() {
        byte[] body = new byte[MIB5 + 10];
        Arrays.fill(body, (byte) 3);
        first.putObject(b -> b.bucket(BUCKET).key("ck-part-src"), RequestBody.fromBytes(body));
        String upload = first.createMultipartUpload(b -> b.bucket(BUCKET).key("ck-part")
                .checksumAlgorithm(ChecksumAlgorithm.CRC32)).uploadId();
        UploadPartCopyResponse one = second.uploadPartCopy(b -> b.sourceBucket(BUCKET).sourceKey("ck-part-src")
                .destinationBucket(BUCKET).destinationKey("ck-part").uploadId(upload).partNumber(1)
                .copySourceRange("bytes=0-" + (MIB5 - 1)));
        UploadPartCopyResponse two = second.uploadPartCopy(b -> b.sourceBucket(BUCKET).sourceKey("ck-part-src")
                .destinationBucket(BUCKET).destinationKey("ck-part").uploadId(upload).partNumber(2)
                .copySourceRange("bytes=" + MIB5 + "-" + (MIB5 + 9)));
        assertTrue(one.copyPartResult().checksumCRC32() != null, "CopyPartResult carries the part checksum");
        assertEquals(one.copyPartResult().checksumCRC32(), first.listParts(b -> b.bucket(BUCKET).key("ck-part")
                .uploadId(upload)).parts().get(0).checksumCRC32());
        first.completeMultipartUpload(b -> b.bucket(BUCKET).key("ck-part").uploadId(upload).multipartUpload(m -> m.parts(
                CompletedPart.builder().partNumber(1).eTag(one.copyPartResult().eTag())
                        .checksumCRC32(one.copyPartResult().checksumCRC32()).build(),
                CompletedPart.builder().partNumber(2).eTag(two.copyPartResult().eTag())
                        .checksumCRC32(two.copyPartResult().checksumCRC32()).build())));
        assertEquals(MIB5 + 10L, first.headObject(b -> b.bucket(BUCKET).key("ck-part")).contentLength());
    }
}
