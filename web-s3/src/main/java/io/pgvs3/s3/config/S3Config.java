package io.pgvs3.s3.config;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The S3 module's settings (MicroProfile Config; environment aliases such as PGVS3_ACCESS_KEY apply).
 * There is no default secret: without credentials every request is refused and readiness is down.
 */
@ApplicationScoped
public class S3Config {

    @Inject
    @ConfigProperty(name = "pgvs3.access-key")
    Optional<String> accessKey;

    @Inject
    @ConfigProperty(name = "pgvs3.secret-key")
    Optional<String> secretKey;

    @Inject
    @ConfigProperty(name = "pgvs3.s3.max-clock-skew", defaultValue = "PT15M")
    Duration maxClockSkew;

    /** Domains for virtual-hosted-style requests ({@code bucket.<domain>}); empty: path style only. */
    @Inject
    @ConfigProperty(name = "pgvs3.s3.domains")
    Optional<List<String>> domains;

    public List<String> domains() {
        return domains.orElse(List.of());
    }

    public Optional<String> accessKey() {
        return accessKey.filter(value -> !value.isBlank());
    }

    public Optional<String> secretKey() {
        return secretKey.filter(value -> !value.isBlank());
    }

    public boolean credentialsConfigured() {
        return accessKey().isPresent() && secretKey().isPresent();
    }

    public Duration maxClockSkew() {
        return maxClockSkew;
    }
}
