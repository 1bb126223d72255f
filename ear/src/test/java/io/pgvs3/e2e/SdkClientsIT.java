package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;

/** The AWS SDK for Java v2's other HTTP clients, with default (checksum) settings. */
@ExtendWith(Stack.class)
class SdkClientsIT {

    private static final StaticCredentialsProvider CREDENTIALS = StaticCredentialsProvider.create(
            AwsBasicCredentials.create(Stack.accessKey(), Stack.secretKey()));

    @Test
    void urlConnectionSyncClient() throws Exception {
        String bucket = Clients.bucket("urlconn");
        byte[] body = Bodies.bytes(3 * 1024 * 1024 + 5, 3);
        try (S3Client s3 = S3Client.builder().endpointOverride(URI.create(Stack.s3Endpoint(0))).region(Region.US_EAST_1)
                .credentialsProvider(CREDENTIALS).forcePathStyle(true)
                .httpClientBuilder(UrlConnectionHttpClient.builder()).build()) {
            s3.createBucket(b -> b.bucket(bucket));
            s3.putObject(b -> b.bucket(bucket).key("k"), RequestBody.fromBytes(body));
            assertArrayEquals(body, s3.getObjectAsBytes(b -> b.bucket(bucket).key("k")).asByteArray());
        }
    }

    @Test
    void nettyAsyncClient() throws Exception {
        String bucket = Clients.bucket("async");
        byte[] body = Bodies.bytes(20 * 1024 * 1024 + 11, 5);
        try (S3AsyncClient s3 = S3AsyncClient.builder().endpointOverride(URI.create(Stack.s3Endpoint(1)))
                .region(Region.US_EAST_1).credentialsProvider(CREDENTIALS).forcePathStyle(true)
                .httpClientBuilder(NettyNioAsyncHttpClient.builder()).build()) {
            s3.createBucket(b -> b.bucket(bucket)).get(60, TimeUnit.SECONDS);
            String etag = s3.putObject(b -> b.bucket(bucket).key("big"), AsyncRequestBody.fromBytes(body))
                    .get(120, TimeUnit.SECONDS).eTag();
            assertEquals("\"" + Bodies.md5(body) + "\"", etag);
            byte[] read = s3.getObject(b -> b.bucket(bucket).key("big"), AsyncResponseTransformer.toBytes())
                    .get(120, TimeUnit.SECONDS).asByteArray();
            assertArrayEquals(body, read);
            byte[] range = s3.getObject(b -> b.bucket(bucket).key("big").range("bytes=8119-2000000"),
                    AsyncResponseTransformer.toBytes()).get(60, TimeUnit.SECONDS).asByteArray();
            assertArrayEquals(java.util.Arrays.copyOfRange(body, 8119, 2000001), range);
        }
    }
}
