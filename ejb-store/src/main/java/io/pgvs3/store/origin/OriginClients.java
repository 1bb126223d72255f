package io.pgvs3.store.origin;

import io.pgvs3.settings.Secrets;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * One {@link OriginClient} per origin-backed bucket and origin document, created on first use and kept
 * until shutdown. Credentials come from server variables named by the document's credential set
 * ({@code pgvs3.origin.credentials.<name>.access-key} and {@code .secret-key}, or their {@code -file}
 * forms), never from the database.
 */
public final class OriginClients implements AutoCloseable {

    private final Function<String, Optional<String>> variables;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final OriginMeter meter;
    /** By bucket name and origin document: a re-declared origin gets a client of its own. */
    private final ConcurrentHashMap<String, OriginClient> clients = new ConcurrentHashMap<>();

    /** @param variables the server's variables (MicroProfile Config) by name */
    public OriginClients(Function<String, Optional<String>> variables, Duration connectTimeout, Duration readTimeout,
            OriginMeter meter) {
        this.variables = variables;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
        this.meter = meter;
    }

    /** @throws StoreException UNAVAILABLE when the bucket's credential set is not configured on this gateway */
    OriginClient of(Namespace ns) {
        return clients.computeIfAbsent(ns.name() + '\n' + ns.origin(), k -> open(ns));
    }

    private OriginClient open(Namespace ns) {
        OriginConfig config = OriginConfig.parse(ns.name(), ns.origin());
        String base = "pgvs3.origin.credentials." + config.credentials();
        String accessKey = secret(base + ".access-key", ns.name());
        String secretKey = secret(base + ".secret-key", ns.name());
        return new OriginClient(ns.name(), config, accessKey, secretKey, connectTimeout, readTimeout, meter);
    }

    private String secret(String key, String bucket) {
        Secrets.Resolved resolved = resolve(key);
        return resolved.value().orElseThrow(() -> new StoreException(StoreError.UNAVAILABLE,
                "bucket " + bucket + " needs " + key + " on this gateway: "
                        + (resolved.problem() != null ? resolved.problem() : "it is not set")));
    }

    /** Whether the named credential set is configured on this gateway (checked when an origin is declared). */
    public boolean hasCredentials(String name) {
        String base = "pgvs3.origin.credentials." + name;
        return resolve(base + ".access-key").value().isPresent() && resolve(base + ".secret-key").value().isPresent();
    }

    private Secrets.Resolved resolve(String key) {
        return Secrets.resolve(key, variables.apply(key), variables.apply(key + "-file"));
    }

    /** This gateway's last failed request to the bucket's origin, or null. */
    String lastError(String bucket) {
        return clients.entrySet().stream().filter(e -> e.getKey().startsWith(bucket + '\n'))
                .map(e -> e.getValue().lastError()).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /** Forgets the clients of a bucket that was dropped or re-declared. */
    void forget(String bucket) {
        clients.entrySet().removeIf(e -> {
            if (e.getKey().startsWith(bucket + '\n')) {
                e.getValue().close();
                return true;
            }
            return false;
        });
    }

    @Override
    public void close() {
        clients.values().forEach(OriginClient::close);
        clients.clear();
    }
}
