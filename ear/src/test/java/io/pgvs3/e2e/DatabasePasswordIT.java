package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The development database asks every connection for its password (docs/adr/0032): the stack's embedded
 * PostgreSQL refuses a wrong one, and a gateway of the run command given a wrong one is not ready and says
 * why in words. (Every other end-to-end test runs its gateways with the right one.)
 */
class DatabasePasswordIT {

    private static final int SHIFT = 95;
    private static final StackScript DATABASE = new StackScript("stack-password", SHIFT, 0, Map.of());

    @BeforeAll
    static void start() throws Exception {
        DATABASE.startFresh();
    }

    @AfterAll
    static void stop() throws Exception {
        DATABASE.down();
    }

    @Test
    void theDatabaseRefusesAWrongPasswordAndTakesTheRightOne() throws Exception {
        String url = DATABASE.get("PGVS3_JDBC_URL");
        SQLException refused = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(url, "postgres", "not-the-password").close());
        assertTrue(refused.getMessage().contains("password authentication failed"), refused.getMessage());
        try (Connection c = DriverManager.getConnection(url, "postgres", DATABASE.get("PGVS3_DB_PASSWORD"))) {
            assertTrue(c.isValid(5));
        }
    }

    @Test
    void aGatewayWithAWrongPasswordIsNotReadyAndSaysWhy() throws Exception {
        Path runDir = StackScript.repo().resolve("ear/target/run-wrong-password");
        Path output = Files.createTempFile("pgvs3-run", ".log");
        ProcessBuilder builder = new ProcessBuilder("bash", StackScript.repo().resolve("deploy/local/run.sh").toString())
                .directory(StackScript.repo().toFile()).redirectErrorStream(true).redirectOutput(output.toFile());
        Map<String, String> env = builder.environment();
        env.put("PGVS3_RUN_DIR", runDir.toString());
        env.put("PGVS3_DB_URL", DATABASE.get("PGVS3_JDBC_URL"));
        env.put("PGVS3_DB_USER", "postgres");
        env.put("PGVS3_DB_PASSWORD", "not-the-password");
        env.put("PGVS3_S3_PORT", String.valueOf(DATABASE.port(28014)));
        env.put("PGVS3_ADMIN_PORT", String.valueOf(DATABASE.port(29080)));
        env.put("PGVS3_RESP_PORT", String.valueOf(DATABASE.port(26380)));
        env.put("PGVS3_GATEWAY_HEAP", "256m");
        Process run = builder.start();
        try {
            URI readiness = URI.create("http://127.0.0.1:" + DATABASE.port(29080) + "/health/ready");
            HttpResponse<String> ready = Probe.await(readiness, r -> r.body().contains("\"mainPool\":false"),
                    Duration.ofMinutes(4), "readiness reports the refused login");
            assertEquals(503, ready.statusCode());
            assertTrue(ready.body().contains("password authentication failed for user"), ready.body());
            assertFalse(ready.body().contains("\tat ") || ready.body().contains("Exception:"), ready.body());
            String printed = Files.readString(output);
            assertFalse(printed.contains("pgvs3 is ready"), printed);
            assertFalse(printed.contains("Connection refused"), "the run command polls quietly:\n" + printed);
        } finally {
            run.destroy(); // SIGTERM: the run command stops its server
            assertTrue(run.waitFor(120, TimeUnit.SECONDS), "the run command stopped");
        }
    }
}
