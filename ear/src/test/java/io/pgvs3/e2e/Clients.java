package io.pgvs3.e2e;

import java.net.URI;
import java.time.Duration;
import java.util.HexFormat;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/** AWS SDK for Java v2 clients with their default settings, path-style, pointed at one gateway. */
final class Clients {

    private Clients() {
    }

    static S3Client s3(int gateway) {
        return s3(gateway, Stack.accessKey(), Stack.secretKey());
    }

    static S3Client s3(int gateway, String accessKey, String secretKey) {
        return s3(URI.create(Stack.s3Endpoint(gateway)), accessKey, secretKey, ApacheHttpClient.builder());
    }

    /** A client of any endpoint; {@code http} may carry TLS trust for a test certificate. */
    static S3Client s3(URI endpoint, String accessKey, String secretKey, ApacheHttpClient.Builder http) {
        return s3(endpoint, accessKey, secretKey, http, Duration.ofMinutes(2));
    }

    /** A client of gateway {@code gateway} that gives up on an answer silent for longer than {@code readTimeout}. */
    static S3Client s3(int gateway, Duration readTimeout) {
        return s3(URI.create(Stack.s3Endpoint(gateway)), Stack.accessKey(), Stack.secretKey(), ApacheHttpClient.builder(),
                readTimeout);
    }

    /** A client of any endpoint that gives up on an answer silent for longer than {@code readTimeout}. */
    static S3Client s3(URI endpoint, String accessKey, String secretKey, ApacheHttpClient.Builder http,
                       Duration readTimeout) {
        return s3(endpoint, accessKey, secretKey, http, readTimeout, 1);
    }

    /**
     * A client that makes up to {@code attempts} attempts of a call, with the SDK's standard backoff. The
     * gateway's test clients make one, so that no retry hides a defect of the gateway.
     */
    static S3Client s3(URI endpoint, String accessKey, String secretKey, ApacheHttpClient.Builder http,
                       Duration readTimeout, int attempts) {
        return S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(true).build())
                .httpClientBuilder(http.socketTimeout(readTimeout))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(attempts)))
                .build();
    }

    /** The SDK's presigner for one gateway, path-style. */
    static S3Presigner presigner(int gateway) {
        return presigner(URI.create(Stack.s3Endpoint(gateway)), Stack.accessKey(), Stack.secretKey());
    }

    static S3Presigner presigner(URI endpoint, String accessKey, String secretKey) {
        return S3Presigner.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(true).build())
                .build();
    }

    /** A bucket name unique to one test. */
    static String bucket(String hint) {
        String name = "e2e-" + hint.toLowerCase().replaceAll("[^a-z0-9-]", "-") + "-"
                + HexFormat.of().toHexDigits(System.nanoTime()); // fixed width: callers cut prefixes
        return name.length() > 63 ? name.substring(name.length() - 63).replaceFirst("^[^a-z0-9]+", "x") : name;
    }
}
