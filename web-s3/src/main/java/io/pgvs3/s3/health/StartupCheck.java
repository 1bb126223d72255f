package io.pgvs3.s3.health;

import io.pgvs3.store.api.StoreHealth;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Startup;

/** Started once the store has verified (or created) the storage layout. */
@Startup
@ApplicationScoped
public class StartupCheck implements HealthCheck {

    @EJB
    private StoreHealth store;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("pgvs3-layout").status(store.layoutVerified()).build();
    }
}
