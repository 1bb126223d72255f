package io.pgvs3.admin.auth;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The admin module's settings: the same credentials the S3 port verifies (no default secret). */
@ApplicationScoped
public class AdminConfig {

    @Inject
    @ConfigProperty(name = "pgvs3.access-key")
    Optional<String> accessKey;

    @Inject
    @ConfigProperty(name = "pgvs3.secret-key")
    Optional<String> secretKey;

    /** Empty when either key is unset or blank: then every admin request is refused. */
    public Optional<BasicCredentials> credentials() {
        return accessKey.filter(k -> !k.isBlank()).flatMap(k -> secretKey.filter(s -> !s.isBlank())
                .map(s -> new BasicCredentials(k, s)));
    }
}
