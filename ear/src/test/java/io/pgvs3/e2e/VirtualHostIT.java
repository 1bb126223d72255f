package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/** The SDK's default virtual-hosted style ({@code bucket.localhost:port}) beside path style on one gateway. */
@ExtendWith(Stack.class)
class VirtualHostIT {

    @Test
    void virtualHostedAndPathStyleReachTheSameBucket() {
        String bucket = Clients.bucket("vhost");
        URI endpoint = URI.create(Stack.s3Endpoint(0).replace("127.0.0.1", Stack.VIRTUAL_HOST_DOMAIN));
        try (S3Client pathStyle = Clients.s3(1);
             S3Client virtual = S3Client.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                     .credentialsProvider(StaticCredentialsProvider.create(
                             AwsBasicCredentials.create(Stack.accessKey(), Stack.secretKey())))
                     // <bucket>.localhost resolves to the loopback gateway whatever the machine's resolver says
                     .httpClientBuilder(ApacheHttpClient.builder().dnsResolver(host -> new InetAddress[] {
                             InetAddress.getLoopbackAddress()}))
                     .build()) {
            virtual.createBucket(b -> b.bucket(bucket));
            virtual.putObject(b -> b.bucket(bucket).key("dir/v key+1"), RequestBody.fromString("virtual"));
            assertEquals("virtual", pathStyle.getObjectAsBytes(b -> b.bucket(bucket).key("dir/v key+1")).asUtf8String());
            pathStyle.putObject(b -> b.bucket(bucket).key("p"), RequestBody.fromString("path"));
            List<String> keys = virtual.listObjectsV2(b -> b.bucket(bucket)).contents().stream().map(S3Object::key).toList();
            assertEquals(List.of("dir/v key+1", "p"), keys);
            assertTrue(virtual.listBuckets().buckets().stream().anyMatch(b -> b.name().equals(bucket)));
            virtual.deleteObject(b -> b.bucket(bucket).key("dir/v key+1"));
            virtual.deleteObject(b -> b.bucket(bucket).key("p"));
            virtual.deleteBucket(b -> b.bucket(bucket));
        }
    }
}
