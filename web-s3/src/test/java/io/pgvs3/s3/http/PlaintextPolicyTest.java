package io.pgvs3.s3.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PlaintextPolicyTest {

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.8.9.10", "::1", "0:0:0:0:0:0:0:1", "[::1]", "localhost", "LocalHost"})
    void loopbackAddressesMayServePlaintext(String address) {
        assertTrue(PlaintextPolicy.permits(false, address, false), address);
    }

    @ParameterizedTest
    @ValueSource(strings = {"192.0.2.2", "10.0.0.1", "fd00::2", "0.0.0.0", "*", "gateway.example", "", " "})
    void otherAddressesRefusePlaintext(String address) {
        assertFalse(PlaintextPolicy.permits(false, address, false), address);
    }

    @Test
    void tlsOrAnExplicitAllowanceIsAlwaysServed() {
        assertTrue(PlaintextPolicy.permits(true, "192.0.2.2", false));
        assertTrue(PlaintextPolicy.permits(false, "192.0.2.2", true));
        assertFalse(PlaintextPolicy.permits(false, null, false));
    }

    @Test
    void aPublicPlaintextOnlyConfigurationIsAProblem() {
        String problem = PlaintextPolicy.configurationProblem("*", 8014, -1, false);
        assertNotNull(problem);
        assertTrue(problem.contains("pgvs3.s3.https.port") && problem.contains("pgvs3.allow-plaintext"), problem);
        assertNotNull(PlaintextPolicy.configurationProblem("0.0.0.0", 8014, 0, false));
        assertNotNull(PlaintextPolicy.configurationProblem("s3.example", 8014, -1, false));
    }

    @Test
    void loopbackHttpsOrAllowedConfigurationsAreFine() {
        assertNull(PlaintextPolicy.configurationProblem("127.0.0.1", 8014, -1, false));
        assertNull(PlaintextPolicy.configurationProblem("*", 8014, 8443, false));
        assertNull(PlaintextPolicy.configurationProblem("*", -1, 8443, false));
        assertNull(PlaintextPolicy.configurationProblem("*", 8014, -1, true));
    }
}
