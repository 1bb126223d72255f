package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.Bucket;
import software.amazon.awssdk.services.s3.model.ListBucketsResponse;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.S3Exception;

@ExtendWith(Stack.class)
class BucketsIT {

    @Test
    void aBucketCreatedOnOneGatewayIsSeenByTheOther() {
        String bucket = Clients.bucket("shared");
        try (S3Client first = Clients.s3(0); S3Client second = Clients.s3(1)) {
            first.createBucket(b -> b.bucket(bucket));
            second.headBucket(b -> b.bucket(bucket));
            assertTrue(second.listBuckets().buckets().stream().anyMatch(b -> b.name().equals(bucket)));
            // creating it again is idempotent for its owner
            second.createBucket(b -> b.bucket(bucket));
            second.deleteBucket(b -> b.bucket(bucket));
            assertThrows(NoSuchBucketException.class, () -> first.headBucket(b -> b.bucket(bucket)));
        }
    }

    @Test
    void aBucketWithObjectsIsNotDeleted() {
        String bucket = Clients.bucket("notempty");
        try (S3Client s3 = Clients.s3(0)) {
            s3.createBucket(b -> b.bucket(bucket));
            s3.putObject(b -> b.bucket(bucket).key("k"), RequestBody.fromString("x"));
            S3Exception error = assertThrows(S3Exception.class, () -> s3.deleteBucket(b -> b.bucket(bucket)));
            assertEquals(409, error.statusCode());
            assertEquals("BucketNotEmpty", error.awsErrorDetails().errorCode());
            s3.deleteObject(b -> b.bucket(bucket).key("k"));
            s3.deleteBucket(b -> b.bucket(bucket));
        }
    }

    @Test
    void bucketsNamedLikeManagementPathsWork() {
        for (String name : new String[] {"health", "metrics", "ibm"}) {
            try (S3Client s3 = Clients.s3(0)) {
                s3.createBucket(b -> b.bucket(name));
                s3.putObject(b -> b.bucket(name).key("ready"), RequestBody.fromString(name));
                assertEquals(name, s3.getObjectAsBytes(b -> b.bucket(name).key("ready")).asUtf8String());
                s3.deleteObject(b -> b.bucket(name).key("ready"));
                s3.deleteBucket(b -> b.bucket(name));
            }
        }
    }

    /** Names the SDK lets through but S3's rules reserve (the SDK itself refuses the plainly malformed ones). */
    @Test
    void invalidBucketNamesAreRefused() {
        try (S3Client s3 = Clients.s3(0)) {
            for (String name : new String[] {"xn--reserved", "sthree-reserved", "bucket-s3alias"}) {
                S3Exception error = assertThrows(S3Exception.class, () -> s3.createBucket(b -> b.bucket(name)));
                assertEquals(400, error.statusCode());
                assertEquals("InvalidBucketName", error.awsErrorDetails().errorCode());
            }
        }
    }

    @Test
    void listBucketsPagesWithPrefixAndToken() {
        String prefix = Clients.bucket("page").substring(0, 20);
        try (S3Client s3 = Clients.s3(0)) {
            List<String> names = List.of(prefix + "-a", prefix + "-b", prefix + "-c");
            names.forEach(name -> s3.createBucket(b -> b.bucket(name)));
            ListBucketsResponse first = s3.listBuckets(b -> b.prefix(prefix).maxBuckets(2));
            assertEquals(names.subList(0, 2), first.buckets().stream().map(Bucket::name).toList());
            assertEquals(prefix, first.prefix());
            ListBucketsResponse second = s3.listBuckets(b -> b.prefix(prefix).maxBuckets(2)
                    .continuationToken(first.continuationToken()));
            assertEquals(names.subList(2, 3), second.buckets().stream().map(Bucket::name).toList());
            assertEquals(null, second.continuationToken());
            names.forEach(name -> s3.deleteBucket(b -> b.bucket(name)));
        }
    }
}
