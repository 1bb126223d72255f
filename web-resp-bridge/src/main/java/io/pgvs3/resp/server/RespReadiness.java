package io.pgvs3.resp.server;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** Ready when the RESP listener is open (or the bridge is turned off); MicroProfile Health adds it to S3's. */
@Readiness
@ApplicationScoped
public class RespReadiness implements HealthCheck {

    @Inject
    private RespListener listener;

    @Override
    public HealthCheckResponse call() {
        String problem = listener.problem();
        HealthCheckResponseBuilder response = HealthCheckResponse.named("pgvs3-resp")
                .status(problem == null)
                .withData("port", listener.port());
        if (problem != null) {
            response.withData("problem", problem);
        }
        return response.build();
    }
}
