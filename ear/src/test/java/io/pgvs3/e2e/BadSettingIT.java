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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A gateway started with settings that do not parse, one module's at a time (S3, the RESP bridge, the
 * store, maintenance): the application does not start, the log names each bad key with its value on a
 * SEVERE line of its own and echoes no secret, neither port serves a page of Liberty's own, and health,
 * liveness too, says so.
 */
class BadSettingIT {

    private static final int SHIFT = 85;
    /** Liberty's messages.log: [date] thread logger level message; E is SEVERE. */
    private static final Pattern SEVERE = Pattern.compile("(?m)^\\[[^\\]]+] \\p{XDigit}+ \\S+\\s+E (.*)$");

    /**
     * One start with bad settings.
     *
     * @param env      the bad values, as environment variables
     * @param problems the sentence each bad value must be logged with, one SEVERE line each
     */
    record BadStart(String module, Map<String, String> env, List<String> problems) {

        @Override
        public String toString() {
            return module;
        }
    }

    static Stream<BadStart> badStarts() {
        return Stream.of(
                new BadStart("S3 (S3Config)", Map.of("PGVS3_S3_COPY_KEEPALIVE_AFTER", "banana",
                        "PGVS3_S3_MAX_DOWNLOADS_PER_CLIENT", "lots"), List.of(
                        "pgvs3.s3.copy.keepalive-after is 'banana', not a duration",
                        "pgvs3.s3.max-downloads-per-client is 'lots', not a whole number")),
                new BadStart("RESP bridge (RespConfig)", Map.of("PGVS3_RESP_MAX_CLIENTS", "many",
                        "PGVS3_RESP_IDLE_TIMEOUT", "5m"), List.of(
                        "pgvs3.resp.max-clients is 'many', not a whole number",
                        "pgvs3.resp.idle-timeout is '5m', not a duration")),
                new BadStart("store (StoreConfig)", Map.of("PGVS3_READ_ONLY_MAX_LAG", "soon",
                        "PGVS3_READ_CACHE_BYTES", "1GB"), List.of(
                        "pgvs3.read-only.max-lag is 'soon', not a duration",
                        "pgvs3.read.cache.bytes is '1GB', not a whole number")),
                new BadStart("maintenance (MaintenanceConfig)", Map.of("PGVS3_REAPER_GRACE", "forever",
                        "PGVS3_TTL_BATCH", "big"), List.of(
                        "pgvs3.reaper.grace is 'forever', not a duration",
                        "pgvs3.ttl.batch is 'big', not a whole number")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badStarts")
    void aBadSettingKeepsTheApplicationFromStartingAndSaysWhy(BadStart start) throws Exception {
        Map<String, String> env = new HashMap<>(start.env());
        env.put("PGVS3_STACK_READY_TIMEOUT", "30");
        StackScript script = new StackScript("stack-bad-setting", SHIFT, 1, env);
        script.reset();
        try {
            StackScript.Outcome up = script.attempt(600, "up", "--gateways", "1");
            // the application has refused its settings and Liberty has given it up
            String log = awaitLog(script, start.problems().get(0));
            Probe.await(admin(script, "/health/live"), r -> r.statusCode() == 503, Duration.ofMinutes(2),
                    "liveness is DOWN");

            assertNotEquals(0, up.exitCode(), up.stderr());
            assertFalse(up.stderr().contains("stack up"), up.stderr());
            everyProblemIsOneSevereLine(awaitLog(script, start.problems().get(start.problems().size() - 1)), start);
            noSecretIsEchoed(log, script);
            neitherPortServesLibertysOwnPages(script);
            healthSaysTheApplicationIsNotRunning(script);
        } finally {
            script.down();
        }
    }

    private static void everyProblemIsOneSevereLine(String log, BadStart start) {
        List<String> severe = new ArrayList<>();
        Matcher m = SEVERE.matcher(log);
        while (m.find()) {
            severe.add(m.group(1));
        }
        for (String problem : start.problems()) {
            assertEquals(1, severe.stream().filter(line -> line.startsWith(problem)).count(),
                    "one SEVERE line of its own for " + problem + "; SEVERE lines:\n" + String.join("\n", severe));
        }
    }

    /** The stack's generated S3 secret and database password appear nowhere in the log. */
    private static void noSecretIsEchoed(String log, StackScript script) throws Exception {
        for (String secretFile : new String[] {"dev-secret-key", "db-password"}) {
            String secret = Files.readString(script.stateDir().resolve(secretFile)).trim();
            assertFalse(secret.isEmpty(), secretFile);
            assertFalse(log.contains(secret), "the log echoes " + secretFile);
        }
    }

    private static void neitherPortServesLibertysOwnPages(StackScript script) throws Exception {
        for (URI uri : new URI[] {s3(script, "/"), s3(script, "/bucket/key"), admin(script, "/"),
                admin(script, "/nothing-here")}) {
            HttpResponse<String> response = Probe.get(uri);
            assertEquals(404, response.statusCode(), uri + ": " + response.body());
            for (String fingerprint : new String[] {"Liberty", "IBM", "WebSphere", "SRVE", "CWWK"}) {
                assertFalse(response.body().contains(fingerprint), uri + ": " + response.body());
            }
        }
    }

    private static void healthSaysTheApplicationIsNotRunning(StackScript script) throws Exception {
        for (String probe : new String[] {"/health/ready", "/health/started", "/health/live"}) {
            HttpResponse<String> health = Probe.get(admin(script, probe));
            assertEquals(503, health.statusCode(), probe + ": " + health.body());
            assertTrue(health.body().contains("pgvs3-application"), probe + ": " + health.body());
        }
    }

    private static URI admin(StackScript script, String path) {
        return URI.create("http://127.0.0.1:" + script.port(29080) + path);
    }

    private static URI s3(StackScript script, String path) {
        return URI.create("http://127.0.0.1:" + script.port(28014) + path);
    }

    /** Liberty's messages.log once it contains {@code text}. */
    private static String awaitLog(StackScript script, String text) throws Exception {
        Path log = script.stateDir().resolve("gw1/servers/pgvs3/logs/messages.log");
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
