package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

@ExtendWith(Stack.class)
class AuthIT {

    @Test
    void aWrongSecretIsSignatureDoesNotMatch() {
        try (S3Client s3 = Clients.s3(0, Stack.accessKey(), Stack.secretKey() + "x")) {
            S3Exception error = assertThrows(S3Exception.class, s3::listBuckets);
            assertEquals(403, error.statusCode());
            assertEquals("SignatureDoesNotMatch", error.awsErrorDetails().errorCode());
        }
    }

    @Test
    void anUnknownKeyIsInvalidAccessKeyId() {
        try (S3Client s3 = Clients.s3(1, "AKIDUNKNOWN", Stack.secretKey())) {
            S3Exception error = assertThrows(S3Exception.class, s3::listBuckets);
            assertEquals(403, error.statusCode());
            assertEquals("InvalidAccessKeyId", error.awsErrorDetails().errorCode());
        }
    }

    @Test
    void anUnsignedRequestIsDeniedWithAnS3Error() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(Stack.s3Endpoint(0) + "/")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, response.statusCode());
        assertTrue(response.body().contains("<Code>AccessDenied</Code>"), response.body());
        assertTrue(response.headers().firstValue("x-amz-request-id").isPresent());
    }

    @Test
    void healthIsOnTheManagementPortWithoutCredentials() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(Stack.adminEndpoint(1) + "/health/ready")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.body().contains("\"UP\""), response.body());
    }
}
