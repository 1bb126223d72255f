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
import java.util.Locale;
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

    /** One bad value: its key, the value given (as the key's environment variable) and what it is not. */
    record BadValue(String key, String value, String expected) {

        String environmentVariable() {
            return key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
        }

        /** How the log must name it, on a SEVERE line of its own. */
        String problem() {
            return key + " is '" + value + "', not " + expected;
        }
    }

    /** One start with bad values of one module's settings. */
    record BadStart(String module, List<BadValue> values) {

        @Override
        public String toString() {
            return module;
        }
    }

    static Stream<BadStart> badStarts() {
        return Stream.of(
                new BadStart("S3 (S3Config)", List.of(duration("pgvs3.s3.copy.keepalive-after", "banana"),
                        number("pgvs3.s3.max-downloads-per-client", "lots"))),
                new BadStart("RESP bridge (RespConfig)", List.of(number("pgvs3.resp.max-clients", "many"),
                        duration("pgvs3.resp.idle-timeout", "5m"))),
                new BadStart("store (StoreConfig)", List.of(duration("pgvs3.read-only.max-lag", "soon"),
                        number("pgvs3.read.cache.bytes", "1GB"))),
                new BadStart("maintenance (MaintenanceConfig)", List.of(duration("pgvs3.reaper.grace", "forever"),
                        number("pgvs3.ttl.batch", "big"))));
    }

    private static BadValue duration(String key, String value) {
        return new BadValue(key, value, "a duration");
    }

    private static BadValue number(String key, String value) {
        return new BadValue(key, value, "a whole number");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badStarts")
    void aBadSettingKeepsTheApplicationFromStartingAndSaysWhy(BadStart start) throws Exception {
        Map<String, String> env = new HashMap<>(Map.of("PGVS3_STACK_READY_TIMEOUT", "30"));
        start.values().forEach(bad -> env.put(bad.environmentVariable(), bad.value()));
        List<String> problems = start.values().stream().map(BadValue::problem).toList();
        StackScript script = new StackScript("stack-bad-setting", SHIFT, 1, env);
        script.reset();
        try {
            StackScript.Outcome up = script.attempt(600, "up", "--gateways", "1");
            // the application has refused its settings and Liberty has given it up
            String log = awaitLog(script, problems.get(0));
            Probe.await(admin(script, "/health/live"), r -> r.statusCode() == 503, Duration.ofMinutes(2),
                    "liveness is DOWN");

            assertNotEquals(0, up.exitCode(), up.stderr());
            assertFalse(up.stderr().contains("stack up"), up.stderr());
            everyProblemIsOneSevereLine(awaitLog(script, problems.get(problems.size() - 1)), problems);
            noSecretIsEchoed(log, script);
            neitherPortServesLibertysOwnPages(script);
            healthSaysTheApplicationIsNotRunning(script);
        } finally {
            script.down();
        }
    }

    private static void everyProblemIsOneSevereLine(String log, List<String> problems) {
        List<String> severe = new ArrayList<>();
        Matcher m = SEVERE.matcher(log);
        while (m.find()) {
            severe.add(m.group(1));
        }
        for (String problem : problems) {
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
