package io.pgvs3.s3.health;

import io.pgvs3.s3.config.S3Config;
import io.pgvs3.store.api.StoreHealth;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready when a pooled connection of each DataSource answers, the layout is right and credentials exist. */
@Readiness
@ApplicationScoped
public class ReadinessCheck implements HealthCheck {

    @EJB
    private StoreHealth store;

    @Inject
    private S3Config config;

    @Override
    public HealthCheckResponse call() {
        boolean storeReady = store.ready();
        boolean credentials = config.credentialsConfigured();
        return HealthCheckResponse.named("pgvs3-store")
                .status(storeReady && credentials)
                .withData("store", storeReady)
                .withData("credentials", credentials)
                .build();
    }
}
