package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** Health of the ops stack's gateway, also while its PostgreSQL is stopped and after it is back. */
@ExtendWith(OpsStack.class)
class HealthIT {

    private static HttpResponse<String> health(String which) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                OpsStack.adminEndpoint().resolve("/health/" + which)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void liveReadyAndStartedReportTheirParts() throws Exception {
        HttpResponse<String> live = health("live");
        assertEquals(200, live.statusCode());
        HttpResponse<String> ready = health("ready");
        assertEquals(200, ready.statusCode(), ready.body());
        for (String part : new String[] {"mainPool", "chunkPool", "layout", "credentials", "transport"}) {
            assertTrue(ready.body().contains("\"" + part + "\":true"), part + " in " + ready.body());
        }
        HttpResponse<String> started = health("started");
        assertEquals(200, started.statusCode());
        assertTrue(started.body().contains("pgvs3-layout"), started.body());
    }

    @Test
    void readinessFollowsTheDatabaseWhileLivenessStaysUp() throws Exception {
        String bucket = Clients.bucket("health");
        try (S3Client s3 = Clients.s3(OpsStack.s3Endpoint(), OpsStack.accessKey(), OpsStack.secretKey(),
                ApacheHttpClient.builder())) {
            s3.createBucket(b -> b.bucket(bucket));
            stopPostgres();
            try {
                HttpResponse<String> ready = awaitStatus("ready", 503);
                assertTrue(ready.body().contains("\"DOWN\"") && ready.body().contains("\"mainPool\":false"), ready.body());
                assertEquals(200, health("live").statusCode(), "liveness does not depend on the database");
                S3Exception down = assertThrows(S3Exception.class, () -> s3.listObjectsV2(b -> b.bucket(bucket)));
                assertEquals(503, down.statusCode());
                assertEquals("ServiceUnavailable", down.awsErrorDetails().errorCode());
            } finally {
                OpsStack.script().up(); // starts PostgreSQL again and returns once the gateway is ready
            }
            assertEquals(200, health("ready").statusCode());
            s3.headBucket(b -> b.bucket(bucket));
        }
    }

    /** Stops the stack's PostgreSQL the way its launcher stops it (SIGTERM: fast shutdown). */
    private static void stopPostgres() throws Exception {
        Path state = OpsStack.script().stateDir();
        long pid = Long.parseLong(Files.readString(state.resolve("postgres.pid")).trim());
        ProcessHandle launcher = ProcessHandle.of(pid).orElseThrow();
        launcher.destroy();
        launcher.onExit().get(60, TimeUnit.SECONDS);
        Path postmaster = state.resolve("pgdata/postmaster.pid");
        for (int i = 0; i < 300 && Files.exists(postmaster); i++) {
            Thread.sleep(100);
        }
        assertTrue(!Files.exists(postmaster), "PostgreSQL stopped");
    }

    private static HttpResponse<String> awaitStatus(String which, int status) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        HttpResponse<String> response = health(which);
        while (response.statusCode() != status && System.nanoTime() < deadline) {
            Thread.sleep(200);
            response = health(which);
        }
        assertEquals(status, response.statusCode(), response.body());
        return response;
    }
}
