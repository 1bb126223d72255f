package io.pgvs3.liveness;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.eclipse.microprofile.health.Startup;

/**
 * UP only once the pgvs3 application has started. Without it, Liberty would answer "UP, no checks" for
 * readiness and startup as soon as this small application has started and the EAR has failed.
 */
@Readiness
@Startup
@ApplicationScoped
public class ApplicationStarted implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        String state = ApplicationState.current();
        return HealthCheckResponse.named("pgvs3-application").status(ApplicationState.STARTED.equals(state))
                .withData("state", state).build();
    }
}
