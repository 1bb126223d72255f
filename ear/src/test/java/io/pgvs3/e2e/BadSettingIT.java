package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A gateway started with settings that do not parse: the application does not start, the log names each
 * bad key with its value, neither port serves a page of Liberty's own, and health, liveness too, says so.
 */
class BadSettingIT {

    private static final int SHIFT = 85;
    private static final StackScript SCRIPT = new StackScript("stack-bad-setting", SHIFT, 1, Map.of(
            "PGVS3_S3_COPY_KEEPALIVE_AFTER", "banana",
            "PGVS3_S3_MAX_DOWNLOADS_PER_CLIENT", "lots",
            "PGVS3_STACK_READY_TIMEOUT", "30"));
    private static StackScript.Outcome up;

    @BeforeAll
    static void start() throws Exception {
        SCRIPT.reset();
        up = SCRIPT.attempt(600, "up", "--gateways", "1");
        // the application has refused its settings and Liberty has given it up
        awaitLog("pgvs3.s3.copy.keepalive-after is 'banana'");
        Probe.await(admin("/health/live"), r -> r.statusCode() == 503, Duration.ofMinutes(2), "liveness is DOWN");
    }

    @AfterAll
    static void stop() throws Exception {
        SCRIPT.down();
    }

    @Test
    void theScriptFailsAndTheLogNamesEveryBadSettingWithItsValue() throws Exception {
        assertNotEquals(0, up.exitCode(), up.stderr());
        assertFalse(up.stderr().contains("stack up"), up.stderr());
        String log = awaitLog("pgvs3.s3.max-downloads-per-client is 'lots', not a whole number");
        assertTrue(log.contains("pgvs3.s3.copy.keepalive-after is 'banana', not a duration"), log);
    }

    @Test
    void neitherPortServesLibertysOwnPages() throws Exception {
        for (URI uri : new URI[] {s3("/"), s3("/bucket/key"), admin("/"), admin("/nothing-here")}) {
            HttpResponse<String> response = Probe.get(uri);
            assertEquals(404, response.statusCode(), uri + ": " + response.body());
            for (String fingerprint : new String[] {"Liberty", "IBM", "WebSphere", "SRVE", "CWWK"}) {
                assertFalse(response.body().contains(fingerprint), uri + ": " + response.body());
            }
        }
    }

    @Test
    void healthSaysTheApplicationIsNotRunning() throws Exception {
        for (String probe : new String[] {"/health/ready", "/health/started", "/health/live"}) {
            HttpResponse<String> health = Probe.get(admin(probe));
            assertEquals(503, health.statusCode(), probe + ": " + health.body());
            assertTrue(health.body().contains("pgvs3-application"), probe + ": " + health.body());
        }
    }

    private static URI admin(String path) {
        return URI.create("http://127.0.0.1:" + SCRIPT.port(29080) + path);
    }

    private static URI s3(String path) {
        return URI.create("http://127.0.0.1:" + SCRIPT.port(28014) + path);
    }

    /** Liberty's messages.log once it contains {@code text}. */
    private static String awaitLog(String text) throws Exception {
        Path log = SCRIPT.stateDir().resolve("gw1/servers/pgvs3/logs/messages.log");
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        String content = "";
        while (System.nanoTime() < deadline) {
            content = Files.exists(log) ? Files.readString(log) : "";
            if (content.contains(text)) {
                return content;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the gateway's log does not mention " + text + ":\n" + content);
    }
}
