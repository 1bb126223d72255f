package io.pgvs3.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

class ApplicationLivenessTest {

    @Test
    void onlyAStartingOrStartedApplicationIsAlive() {
        assertTrue(ApplicationLiveness.alive("STARTED"));
        assertTrue(ApplicationLiveness.alive("STARTING"));
        for (String state : new String[] {"INSTALLED", "STOPPED", "STOPPING", "NOT_INSTALLED", "UNKNOWN"}) {
            assertFalse(ApplicationLiveness.alive(state), state);
        }
    }
}
