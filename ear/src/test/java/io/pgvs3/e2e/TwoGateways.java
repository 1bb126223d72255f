package io.pgvs3.e2e;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A test class's own bucket, created through the first gateway, and a client on each gateway. Register
 * it as a static {@code @RegisterExtension} field of a class extended with {@link Stack}, which starts
 * first.
 */
final class TwoGateways implements BeforeAllCallback, AfterAllCallback {

    private final String bucket;
    private S3Client first;
    private S3Client second;

    TwoGateways(String hint) {
        bucket = Clients.bucket(hint);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        first = Clients.s3(0);
        second = Clients.s3(1);
        first.createBucket(b -> b.bucket(bucket));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        first.close();
        second.close();
    }

    String bucket() {
        return bucket;
    }

    S3Client first() {
        return first;
    }

    S3Client second() {
        return second;
    }
}
