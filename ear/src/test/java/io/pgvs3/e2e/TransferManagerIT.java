package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.transfer.s3.S3TransferManager;

/**
 * The S3 Transfer Manager with the SDK's Java multipart client and default checksums: a 1 GiB file
 * uploaded in parallel parts through one gateway and downloaded in parallel parts through the other.
 */
@ExtendWith(Stack.class)
class TransferManagerIT {

    private static final long SIZE = 1024L * 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void oneGibibyteUpAndDownInParallelParts() throws Exception {
        String bucket = Clients.bucket("transfer");
        Path source = dir.resolve("source.bin");
        try (InputStream in = Bodies.stream(SIZE, 1024)) {
            Files.copy(in, source);
        }
        String expected;
        try (InputStream in = Files.newInputStream(source)) {
            expected = Bodies.md5(in);
        }
        try (S3AsyncClient up = client(0); S3AsyncClient down = client(1);
             S3TransferManager uploader = S3TransferManager.builder().s3Client(up).build();
             S3TransferManager downloader = S3TransferManager.builder().s3Client(down).build()) {
            up.createBucket(b -> b.bucket(bucket)).join();
            uploader.uploadFile(u -> u.source(source).putObjectRequest(p -> p.bucket(bucket).key("big.bin")))
                    .completionFuture().join();
            HeadObjectResponse head = down.headObject(h -> h.bucket(bucket).key("big.bin")).join();
            assertEquals(SIZE, head.contentLength());
            assertTrue(head.eTag().matches("\"[0-9a-f]{32}-\\d+\""), "a multipart ETag: " + head.eTag());
            Files.delete(source);
            Path target = dir.resolve("target.bin");
            downloader.downloadFile(d -> d.destination(target).getObjectRequest(g -> g.bucket(bucket).key("big.bin")))
                    .completionFuture().join();
            assertEquals(SIZE, Files.size(target));
            try (InputStream in = Files.newInputStream(target)) {
                assertEquals(expected, Bodies.md5(in));
            }
            down.deleteObject(d -> d.bucket(bucket).key("big.bin")).join();
            down.deleteBucket(d -> d.bucket(bucket)).join();
        }
    }

    private static S3AsyncClient client(int gateway) {
        return S3AsyncClient.builder().endpointOverride(URI.create(Stack.s3Endpoint(gateway))).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(Stack.accessKey(), Stack.secretKey())))
                .forcePathStyle(true)
                .multipartEnabled(true)
                .build();
    }
}
