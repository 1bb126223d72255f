package io.pgvs3.s3.health;

import io.pgvs3.s3.config.S3Config;
import io.pgvs3.s3.http.PlaintextPolicy;
import io.pgvs3.store.api.ReplicationLag;
import io.pgvs3.store.api.StoreHealth;
import io.pgvs3.store.api.StoreReadiness;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when this gateway has bound its S3 listeners, a pooled connection of each DataSource answers, the
 * layout version is right, credentials exist, the S3 port can serve remote clients under the plaintext
 * rule and, on a standby, replay trails by no more than {@code pgvs3.read-only.max-lag}. Each part is
 * reported on its
 * own, with the first problem in words. The RESP bridge adds its listener's own {@code @Readiness}
 * check in its WAR; MicroProfile Health combines them.
 */
@Readiness
@ApplicationScoped
public class ReadinessCheck implements HealthCheck {

    @EJB
    private StoreHealth store;

    @Inject
    private S3Config config;

    @Override
    public HealthCheckResponse call() {
        StoreReadiness storeReadiness = store.readiness();
        String transport = PlaintextPolicy.configurationProblem(config.s3Host(), config.s3Port(),
                config.s3HttpsPort(), config.allowPlaintext());
        ListenerStatus listeners = ListenerStatus.of(OwnListeners.ports(), config.s3Host(), config.s3Port(),
                config.s3HttpsPort());
        String problem = listeners.problem() != null ? listeners.problem()
                : storeReadiness.problem() != null ? storeReadiness.problem()
                : config.credentialsProblem() != null ? config.credentialsProblem() : transport;
        HealthCheckResponseBuilder response = HealthCheckResponse.named("pgvs3-readiness")
                .status(problem == null)
                .withData("mainPool", storeReadiness.mainPool())
                .withData("chunkPool", storeReadiness.chunkPool())
                .withData("layout", storeReadiness.layout())
                .withData("credentials", config.credentialsConfigured())
                .withData("transport", transport == null)
                .withData("readOnly", config.readOnly());
        listeners.http().ifPresent(bound -> response.withData("s3Listener", bound));
        listeners.https().ifPresent(bound -> response.withData("s3HttpsListener", bound));
        ReplicationLag replication = storeReadiness.replication();
        if (replication != null) {
            // a standby (docs/adr/0035): seconds rounded up, so 0 means everything received is replayed
            response.withData("replicationReceivedLsn", String.valueOf(replication.receivedLsn()))
                    .withData("replicationReplayedLsn", replication.replayedLsn())
                    .withData("replicationLagBytes", replication.lagBytes())
                    .withData("replicationStreaming", replication.streaming())
                    .withData("replicationLagWithinLimit", storeReadiness.lagOk());
            if (!Double.isNaN(replication.lagSeconds())) {
                response.withData("replicationLagSeconds", (long) Math.ceil(replication.lagSeconds()));
            }
        }
        if (problem != null) {
            response.withData("problem", problem);
        }
        return response.build();
    }
}
