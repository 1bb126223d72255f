package io.pgvs3.admin.auth;

import io.pgvs3.settings.Secrets;
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

    /**
     * Empty when either key is unset, blank or unreadable: then every admin request is refused. Each key
     * may also come from a file ({@code pgvs3.secret-key-file}), as for the S3 port.
     */
    public Optional<BasicCredentials> credentials() {
        Optional<String> user = resolved("pgvs3.access-key");
        Optional<String> password = resolved("pgvs3.secret-key");
        return user.isPresent() && password.isPresent()
                ? Optional.of(new BasicCredentials(user.get(), password.get())) : Optional.empty();
    }

    private Optional<String> resolved(String key) {
        return Secrets.resolve(key, config.getOptionalValue(key, String.class),
                config.getOptionalValue(key + "-file", String.class)).value();
    }
}
