package io.pgvs3.bench.http;

import java.net.URI;

/**
 * Where an S3 server listens and which bucket the harness uses there.
 *
 * @param host        host name or literal address
 * @param port        TCP port
 * @param bucket      the benchmark bucket (path-style addressing)
 * @param credentials the key pair to sign with
 */
public record Endpoint(String host, int port, String bucket, Credentials credentials) {
    /** Parses {@code http://host:port}; plain HTTP only, which both servers serve on loopback. */
    public static Endpoint of(String url, String bucket, Credentials credentials) {
        URI uri = URI.create(url);
        if (!"http".equals(uri.getScheme()) || uri.getPort() < 0) {
            throw new IllegalArgumentException("endpoint must look like http://host:port, not " + url);
        }
        return new Endpoint(uri.getHost(), uri.getPort(), bucket, credentials);
    }

    /** The Host header value (and the signed host). */
    public String hostHeader() {
        return host + ':' + port;
    }
}
