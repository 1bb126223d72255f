package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;

/** HTTPS on the S3 endpoint, and plaintext served on loopback only. */
@ExtendWith(OpsStack.class)
class TlsIT {

    private static S3Client client(URI endpoint) {
        return Clients.s3(endpoint, OpsStack.accessKey(), OpsStack.secretKey(), ApacheHttpClient.builder()
                .tlsTrustManagersProvider(() -> {
                    try {
                        return OpsStack.tls().trustManagers();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }));
    }

    @Test
    void theSdkTalksHttpsTrustingTheGatewaysCertificate() throws Exception {
        String bucket = Clients.bucket("tls");
        byte[] body = Bodies.bytes(200_000, 3);
        try (S3Client s3 = client(OpsStack.httpsEndpoint("127.0.0.1"))) {
            s3.createBucket(b -> b.bucket(bucket));
            s3.putObject(b -> b.bucket(bucket).key("k"), RequestBody.fromBytes(body));
            assertArrayEquals(body, s3.getObjectAsBytes(b -> b.bucket(bucket).key("k")).asByteArray());
        }
    }

    @Test
    void plaintextOnANonLoopbackAddressIsRefusedWhileHttpsThereIsServed() throws Exception {
        assumeTrue(OpsStack.remoteAddress().isPresent(), "this host has no non-loopback IPv4 address");
        InetAddress address = OpsStack.remoteAddress().get();
        HttpResponse<String> refused = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(plaintextTo(address)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, refused.statusCode());
        assertTrue(refused.body().contains("<Code>AccessDenied</Code>"), refused.body());
        assertTrue(refused.body().contains("refuses plaintext HTTP"), refused.body());

        try (S3Client overTls = client(OpsStack.httpsEndpoint(address.getHostAddress()));
             S3Client loopback = client(OpsStack.s3Endpoint())) {
            overTls.listBuckets();
            loopback.listBuckets();
        }
    }

    /**
     * Liberty believes the WebSphere plug-in's private headers from any client unless told otherwise
     * (httpDispatcher trustedHeaderOrigin): with them, a plaintext request passed for HTTPS.
     */
    @Test
    void aClientCannotClaimHttpsWithThePlugInsPrivateHeaders() throws Exception {
        assumeTrue(OpsStack.remoteAddress().isPresent(), "this host has no non-loopback IPv4 address");
        HttpResponse<String> refused = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                plaintextTo(OpsStack.remoteAddress().get()))
                .header("$WSIS", "true").header("$WSSC", "https").header("$WSRA", "127.0.0.1").GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, refused.statusCode());
        assertTrue(refused.body().contains("refuses plaintext HTTP"), refused.body());
    }

    /** The S3 port's plaintext listener on {@code address}. */
    private static URI plaintextTo(InetAddress address) {
        return URI.create("http://" + address.getHostAddress() + ":" + OpsStack.s3Endpoint().getPort() + "/");
    }

    @Test
    void readinessReportsAServableTransport() throws Exception {
        HttpResponse<String> ready = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                OpsStack.adminEndpoint().resolve("/health/ready")).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, ready.statusCode(), ready.body());
        assertTrue(ready.body().contains("\"transport\":true"), ready.body());
    }
}
