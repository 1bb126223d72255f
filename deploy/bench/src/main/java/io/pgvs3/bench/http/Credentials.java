package io.pgvs3.bench.http;

/**
 * An S3 access key pair and the region it signs for.
 *
 * @param accessKey the access key id
 * @param secretKey the secret key (never printed: {@link #toString()} omits it)
 * @param region    the SigV4 region, e.g. us-east-1
 */
public record Credentials(String accessKey, String secretKey, String region) {
    @Override
    public String toString() {
        return "Credentials[" + accessKey + ", " + region + "]";
    }
}
