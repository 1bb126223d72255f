package io.pgvs3.store.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DbTransportPolicyTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "jdbc:postgresql://127.0.0.1:5432/postgres",
        "jdbc:postgresql://localhost/pgvs3",
        "jdbc:postgresql://LOCALHOST:15432/pgvs3?sslmode=disable",
        "jdbc:postgresql://[::1]:5432/pgvs3",
        "jdbc:postgresql://127.0.0.2,localhost:5433/pgvs3",
        "jdbc:postgresql:pgvs3",
        "jdbc:postgresql:///pgvs3",
        "jdbc:postgresql://db.example:5432/pgvs3?sslmode=verify-full&sslrootcert=/etc/ca.pem",
        "jdbc:postgresql://db.example/pgvs3?sslmode=VERIFY-CA",
        "jdbc:postgresql://10.0.0.5/pgvs3?ssl=true",
        "jdbc:postgresql://db1.example,db2.example/pgvs3?targetServerType=primary&sslmode=verify-full"})
    void loopbackOrVerifiedTlsIsAccepted(String url) {
        assertNull(DbTransportPolicy.refusal(url, false), url);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "jdbc:postgresql://db.example:5432/pgvs3",
        "jdbc:postgresql://10.0.0.5/pgvs3?sslmode=require",
        "jdbc:postgresql://10.0.0.5/pgvs3?sslmode=prefer",
        "jdbc:postgresql://db.example/pgvs3?ssl=true&sslmode=require",
        "jdbc:postgresql://localhost,db.example/pgvs3",
        "jdbc:postgresql://[2001:db8::1]:5432/pgvs3?sslmode=allow",
        "jdbc:postgresql://128.0.0.1/pgvs3",
        "jdbc:postgresql://localhost.evil.example/pgvs3"})
    void remotePlaintextOrUnverifiedTlsIsRefused(String url) {
        String refusal = DbTransportPolicy.refusal(url, false);
        assertNotNull(refusal, url);
        assertTrue(refusal.contains("sslmode=verify-full"), refusal);
        assertTrue(refusal.contains("pgvs3.db.allow-plaintext"), refusal);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:postgresql://db.example/pgvs3", "jdbc:postgresql://10.0.0.5/pgvs3?sslmode=disable"})
    void theOperatorMayAllowPlaintext(String url) {
        assertNull(DbTransportPolicy.refusal(url, true));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "postgresql://db/x", "jdbc:mysql://127.0.0.1/x"})
    void somethingElseThanAPostgresUrlIsRefused(String url) {
        assertNotNull(DbTransportPolicy.refusal(url, false));
    }

    @org.junit.jupiter.api.Test
    void theRefusalNamesTheHostAndTheMode() {
        assertEquals("refusing to reach PostgreSQL at db.example without verified TLS (sslmode=require): add"
                        + " sslmode=verify-full (with sslrootcert) to pgvs3.db.url, or set pgvs3.db.allow-plaintext=true"
                        + " if the network is trusted",
                DbTransportPolicy.refusal("jdbc:postgresql://db.example:5432/x?sslmode=require", false));
        assertTrue(DbTransportPolicy.refusal("jdbc:postgresql://db.example/x", false).contains("unset, i.e. prefer"));
    }
}
