package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * {@link FrozenDatabaseIT} over TLS, as every remote database is reached in production
 * (docs/configuration.md, TLS): the stack's PostgreSQL serves TCP only over TLS with a throwaway CA made at
 * test time ({@code PGVS3_STACK_DB_TLS}), and the gateway's URL carries {@code sslmode=verify-full}. The COPY
 * watchdog's abort of a TLS session whose write is blocked must end within the same bound as on plain TCP
 * (docs/adr/0033: the JDK's TLS close waits for the blocked writer's lock unless the socket lingers).
 */
class FrozenTlsDatabaseIT extends FrozenDatabaseIT {

    private static final int SHIFT = 93;

    @Override
    StackScript newStack(Map<String, String> env) {
        Map<String, String> tls = new HashMap<>(env);
        tls.put("PGVS3_STACK_DB_TLS", "true");
        return new StackScript("stack-frozen-tls", SHIFT, 1, tls);
    }

    /** The gateway's sessions of both pools are TLS, and the database refuses one without. */
    @Test
    void theGatewaysSessionsAreTlsAndPlainTcpIsRefused() throws Exception {
        String bucket = Clients.bucket("tls-sessions");
        try (S3Client s3 = s3()) {
            awaitReady();
            s3.createBucket(b -> b.bucket(bucket));
            s3.putObject(b -> b.bucket(bucket).key("chunked"), RequestBody.fromBytes(Bodies.bytes(1 << 20, 20)));
        }
        String url = stack().get("PGVS3_JDBC_URL");
        assertTrue(url.contains("sslmode=verify-full"), url);
        Map<String, Boolean> sessions = new TreeMap<>();
        try (Connection c = connect(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT a.application_name, bool_and(l.ssl) FROM pg_stat_activity a"
                     + " JOIN pg_stat_ssl l USING (pid) WHERE a.application_name LIKE 'pgvs3-%'"
                     + " GROUP BY a.application_name")) {
            while (rs.next()) {
                sessions.put(rs.getString(1), rs.getBoolean(2));
            }
        }
        assertEquals(Boolean.TRUE, sessions.get("pgvs3-main"), "main pool sessions over TLS: " + sessions);
        assertEquals(Boolean.TRUE, sessions.get("pgvs3-chunk"), "chunk pool sessions over TLS: " + sessions);
        assertTrue(sessions.values().stream().allMatch(Boolean::booleanValue), "every gateway session: " + sessions);
        String plain = url.substring(0, url.indexOf('?')) + "?sslmode=disable";
        SQLException refused = assertThrows(SQLException.class, () -> connect(plain).close());
        assertTrue(refused.getMessage().contains("no encryption"), refused.getMessage());
    }

    private Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url, stack().get("PGVS3_DB_USER"), stack().get("PGVS3_DB_PASSWORD"));
    }
}
