package io.pgvs3.resp.server;

import io.pgvs3.resp.command.Credentials;
import io.pgvs3.resp.protocol.DecoderLimits;
import io.pgvs3.store.api.secret.Secrets;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The bridge's settings (server.xml variables {@code pgvs3.resp.*}, environment aliases such as
 * PGVS3_RESP_PORT); docs/configuration.md lists them. The passwords are the gateway's S3 credentials.
 */
@ApplicationScoped
public class RespConfig {

    @Inject
    @ConfigProperty(name = "pgvs3.resp.host", defaultValue = "127.0.0.1")
    String host;

    /** -1 turns the bridge off. */
    @Inject
    @ConfigProperty(name = "pgvs3.resp.port", defaultValue = "6380")
    int port;

    @Inject
    @ConfigProperty(name = "pgvs3.resp.max-clients", defaultValue = "1024")
    int maxClients;

    /** Zero: idle clients are never closed (Redis' timeout 0). */
    @Inject
    @ConfigProperty(name = "pgvs3.resp.idle-timeout", defaultValue = "PT0S")
    Duration idleTimeout;

    @Inject
    @ConfigProperty(name = "pgvs3.resp.max-bulk-bytes", defaultValue = "536870912")
    int maxBulk;

    @Inject
    @ConfigProperty(name = "pgvs3.resp.max-args", defaultValue = "1048576")
    int maxArgs;

    @Inject
    @ConfigProperty(name = "pgvs3.resp.max-inline-bytes", defaultValue = "65536")
    int maxInline;

    @Inject
    @ConfigProperty(name = "pgvs3.resp.max-request-bytes", defaultValue = "1073741824")
    long maxRequest;

    /** Transactions of pipelined SET/MSET runs in flight at once; more wait and join the next (group commit). */
    @Inject
    @ConfigProperty(name = "pgvs3.resp.write-transactions", defaultValue = "16")
    int writeTransactions;

    /** The gateway's read-only setting: the bridge then refuses writes as a Redis replica does. */
    @Inject
    @ConfigProperty(name = "pgvs3.read-only", defaultValue = "false")
    boolean readOnly;

    @Inject
    @ConfigProperty(name = "pgvs3.resp.auth-required", defaultValue = "true")
    boolean authRequired;

    @Inject
    @ConfigProperty(name = "pgvs3.allow-plaintext", defaultValue = "false")
    boolean allowPlaintext;

    /** TLS on the RESP port, with the S3 endpoint's keystore. */
    @Inject
    @ConfigProperty(name = "pgvs3.resp.tls", defaultValue = "false")
    boolean tls;

    @Inject
    @ConfigProperty(name = "pgvs3.tls.keystore")
    Optional<String> keystore;

    @Inject
    @ConfigProperty(name = "pgvs3.tls.keystore.password")
    Optional<String> keystorePassword;

    @Inject
    @ConfigProperty(name = "pgvs3.tls.keystore.type", defaultValue = "PKCS12")
    String keystoreType;

    @Inject
    @ConfigProperty(name = "pgvs3.access-key")
    Optional<String> accessKey;

    @Inject
    @ConfigProperty(name = "pgvs3.access-key-file")
    Optional<String> accessKeyFile;

    @Inject
    @ConfigProperty(name = "pgvs3.secret-key")
    Optional<String> secretKey;

    @Inject
    @ConfigProperty(name = "pgvs3.secret-key-file")
    Optional<String> secretKeyFile;

    private Credentials credentials;
    private String credentialsProblem;

    @PostConstruct
    void resolve() {
        Secrets.Resolved access = Secrets.resolve("pgvs3.access-key", accessKey, accessKeyFile);
        Secrets.Resolved secret = Secrets.resolve("pgvs3.secret-key", secretKey, secretKeyFile);
        credentialsProblem = access.problem() != null ? access.problem() : secret.problem();
        if (credentialsProblem == null && authRequired && (access.value().isEmpty() || secret.value().isEmpty())) {
            credentialsProblem = "no credentials for RESP AUTH: set pgvs3.access-key and pgvs3.secret-key";
        }
        credentials = new Credentials(authRequired, access.value().orElse(null), secret.value().orElse(null));
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    public boolean enabled() {
        return port >= 0;
    }

    public int maxClients() {
        return maxClients;
    }

    public int idleTimeoutMillis() {
        return (int) Math.min(Integer.MAX_VALUE, idleTimeout.toMillis());
    }

    public DecoderLimits limits() {
        return new DecoderLimits(maxBulk, maxArgs, maxInline, maxRequest);
    }

    public boolean readOnly() {
        return readOnly;
    }

    public int writeTransactions() {
        return writeTransactions;
    }

    public boolean tls() {
        return tls;
    }

    /** The keystore for TLS: its path, password and type. */
    public record Keystore(String path, char[] password, String type) {
    }

    public Keystore keystore() {
        return new Keystore(keystore.orElse(""), keystorePassword.orElse("").toCharArray(), keystoreType);
    }

    public Credentials credentials() {
        return credentials;
    }

    /**
     * Why the listener must not open, or null: credentials it cannot check, TLS without a keystore
     * password, or plaintext RESP on a non-loopback address without {@code pgvs3.allow-plaintext}.
     */
    public String problem() {
        if (credentialsProblem != null) {
            return credentialsProblem;
        }
        if (tls && (keystore.isEmpty() || keystorePassword.map(String::isEmpty).orElse(true))) {
            return "pgvs3.resp.tls needs pgvs3.tls.keystore and pgvs3.tls.keystore.password";
        }
        if (!tls && !allowPlaintext && !isLoopback(host)) {
            return "pgvs3.resp.host " + host + " is not a loopback address and RESP is plaintext: bind it to"
                    + " loopback, turn on pgvs3.resp.tls, or set pgvs3.allow-plaintext=true for a network you trust";
        }
        return null;
    }

    private static boolean isLoopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
