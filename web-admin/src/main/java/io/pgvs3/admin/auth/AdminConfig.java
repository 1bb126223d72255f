package io.pgvs3.admin.auth;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;

/**
 * The admin module's settings: the credentials the S3 port verifies ({@code pgvs3.access-key},
 * {@code pgvs3.secret-key}; no default secret), read when a request is checked.
 */
@ApplicationScoped
public class AdminConfig {

    @Inject
    Config config;

    /** Empty when either key is unset or blank: then every admin request is refused. */
    public Optional<BasicCredentials> credentials() {
        Optional<String> user = nonBlank("pgvs3.access-key");
        Optional<String> password = nonBlank("pgvs3.secret-key");
        return user.isPresent() && password.isPresent()
                ? Optional.of(new BasicCredentials(user.get(), password.get())) : Optional.empty();
    }

    private Optional<String> nonBlank(String key) {
        return config.getOptionalValue(key, String.class).filter(value -> !value.isBlank());
    }
}
