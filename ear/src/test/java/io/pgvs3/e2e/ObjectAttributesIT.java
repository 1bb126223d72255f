package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.GetObjectAttributesResponse;
import software.amazon.awssdk.services.s3.model.ObjectAttributes;

/** GetObjectAttributes and the checksum of a part read (issue 9), through the AWS SDK for Java v2. */
@ExtendWith(Stack.class)
class ObjectAttributesIT {

    private static final String BUCKET = Clients.bucket("attributes");
    private static final int MIB5 = 5 * 1024 * 1024;
    private static S3Client s3;

    @BeforeAll
    static void bucket() {
        s3 = Clients.s3(0);
        s3.createBucket(b -> b.bucket(BUCKET));
    }

    @Test
    void aMultipartObjectListsItsPartsWithTheirSizes() {
        String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key("mp")).uploadId();
        String one = s3.uploadPart(b -> b.bucket(BUCKET).key("mp").uploadId(upload).partNumber(1),
                RequestBody.fromBytes(new byte[MIB5])).eTag();
        String two = s3.uploadPart(b -> b.bucket(BUCKET).key("mp").uploadId(upload).partNumber(2),
                RequestBody.fromBytes(new byte[1000])).eTag();
        String etag = s3.completeMultipartUpload(b -> b.bucket(BUCKET).key("mp").uploadId(upload).multipartUpload(m -> m.parts(
                CompletedPart.builder().partNumber(1).eTag(one).build(),
                CompletedPart.builder().partNumber(2).eTag(two).build()))).eTag();
        GetObjectAttributesResponse attributes = s3.getObjectAttributes(b -> b.bucket(BUCKET).key("mp").objectAttributes(
                ObjectAttributes.E_TAG, ObjectAttributes.OBJECT_PARTS, ObjectAttributes.STORAGE_CLASS,
                ObjectAttributes.OBJECT_SIZE));
        assertEquals(etag.replace("\"", ""), attributes.eTag());
        assertEquals(MIB5 + 1000L, attributes.objectSize());
        assertEquals("STANDARD", attributes.storageClassAsString());
        assertEquals(2, attributes.objectParts().totalPartsCount());
        assertEquals(List.of((long) MIB5, 1000L), attributes.objectParts().parts().stream().map(p -> p.size()).toList());
        GetObjectAttributesResponse page = s3.getObjectAttributes(b -> b.bucket(BUCKET).key("mp")
                .objectAttributes(ObjectAttributes.OBJECT_PARTS).maxParts(1));
        assertEquals(true, page.objectParts().isTruncated());
        assertEquals(1, page.objectParts().nextPartNumberMarker());
    }

    @Test
    void aSinglePartObjectHasItsChecksumAndNoParts() {
        s3.putObject(b -> b.bucket(BUCKET).key("single").checksumAlgorithm(ChecksumAlgorithm.CRC32),
                RequestBody.fromString("one part"));
        GetObjectAttributesResponse attributes = s3.getObjectAttributes(b -> b.bucket(BUCKET).key("single")
                .objectAttributes(ObjectAttributes.CHECKSUM, ObjectAttributes.OBJECT_PARTS, ObjectAttributes.OBJECT_SIZE));
        assertNotNull(attributes.checksum().checksumCRC32());
        assertNull(attributes.objectParts());
        assertEquals(8L, attributes.objectSize());
        // part 1 of an object not uploaded in parts is all of it, so the answer carries its checksum
        assertEquals(attributes.checksum().checksumCRC32(), s3.headObject(b -> b.bucket(BUCKET).key("single")
                .partNumber(1).checksumMode(ChecksumMode.ENABLED)).checksumCRC32());
    }
}
