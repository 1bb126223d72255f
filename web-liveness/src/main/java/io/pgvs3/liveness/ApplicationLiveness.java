package io.pgvs3.liveness;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * UP while the pgvs3 application is starting or started; DOWN when it failed to start, was stopped, or
 * is not installed, so that a gateway whose application does not run does not call itself alive.
 */
@Liveness
@ApplicationScoped
public class ApplicationLiveness implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        String state = ApplicationState.current();
        return HealthCheckResponse.named("pgvs3-application").status(alive(state)).withData("state", state).build();
    }

    static boolean alive(String state) {
        return ApplicationState.STARTING.equals(state) || ApplicationState.STARTED.equals(state);
    }
}
