package io.pgvs3.resp.server;

import io.pgvs3.resp.command.Credentials;
import io.pgvs3.resp.protocol.DecoderLimits;
import io.pgvs3.settings.Secrets;
import io.pgvs3.settings.Settings;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * The bridge's settings (server.xml variables {@code pgvs3.resp.*}, environment aliases such as
 * PGVS3_RESP_PORT); docs/configuration.md lists them. The passwords are the gateway's S3 credentials. A value
 * that does not parse stops the application with a message naming its key and value.
 */
@ApplicationScoped
public class RespConfig {

    private static final Logger LOG = Logger.getLogger(RespConfig.class.getName());

    @Inject
    Config config;

    private String host;
    /** -1 turns the bridge off. */
    private int port;
    private int maxClients;
    /** Event loops (selector threads) that read, decode and write for the plaintext clients. */
    private int ioThreads;
    /** Threads that run the loops' batches against the store; bounds the batches in flight. */
    private int workers;
    /** Zero: idle clients are never closed (Redis' timeout 0). */
    private Duration idleTimeout;
    private Duration writeTimeout;
    private int maxBulk;
    private int maxArgs;
    private int maxInline;
    private long maxRequest;
    /** Transactions of pipelined SET/MSET runs in flight at once; more wait and join the next (group commit). */
    private int writeTransactions;
    /** Store reads of pipelined GET runs in flight at once; more wait and join the next (group read). */
    private int readQueries;
    private int heldSessions;
    private Duration linger;
    /** The gateway's read-only setting: the bridge then refuses writes as a Redis replica does. */
    private boolean readOnly;
    private boolean authRequired;
    private boolean allowPlaintext;
    /** TLS on the RESP port, with the S3 endpoint's keystore. */
    private boolean tls;
    private Optional<String> keystore;
    private Optional<String> keystorePassword;
    private String keystoreType;

    private Credentials credentials;
    private String credentialsProblem;

    @PostConstruct
    void resolve() {
        Settings settings = Settings.of(config);
        host = settings.text("pgvs3.resp.host", "127.0.0.1");
        port = settings.integer("pgvs3.resp.port", 6380);
        maxClients = settings.integer("pgvs3.resp.max-clients", 10_000);
        ioThreads = settings.integer("pgvs3.resp.io-threads", 1);
        workers = settings.integer("pgvs3.resp.workers", 32);
        idleTimeout = settings.duration("pgvs3.resp.idle-timeout", Duration.ZERO);
        writeTimeout = settings.duration("pgvs3.resp.write-timeout", Duration.ofSeconds(60));
        maxBulk = settings.integer("pgvs3.resp.max-bulk-bytes", 536_870_912);
        maxArgs = settings.integer("pgvs3.resp.max-args", 1_048_576);
        maxInline = settings.integer("pgvs3.resp.max-inline-bytes", 65_536);
        maxRequest = settings.number("pgvs3.resp.max-request-bytes", 1_073_741_824L);
        writeTransactions = settings.integer("pgvs3.resp.write-transactions", 16);
        readQueries = settings.integer("pgvs3.resp.read-queries", 2);
        heldSessions = settings.integer("pgvs3.resp.held-sessions", 4);
        linger = settings.duration("pgvs3.resp.linger", Duration.ofMillis(1));
        readOnly = settings.flag("pgvs3.read-only", false);
        authRequired = settings.flag("pgvs3.resp.auth-required", true);
        allowPlaintext = settings.flag("pgvs3.allow-plaintext", false);
        tls = settings.flag("pgvs3.resp.tls", false);
        keystore = settings.text("pgvs3.tls.keystore");
        keystorePassword = settings.text("pgvs3.tls.keystore.password");
        keystoreType = settings.text("pgvs3.tls.keystore.type", "PKCS12");
        settings.check(LOG);
        Secrets.Resolved access = Secrets.resolve("pgvs3.access-key", settings.text("pgvs3.access-key"),
                settings.text("pgvs3.access-key-file"));
        Secrets.Resolved secret = Secrets.resolve("pgvs3.secret-key", settings.text("pgvs3.secret-key"),
                settings.text("pgvs3.secret-key-file"));
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

    public int ioThreads() {
        return Math.max(1, ioThreads);
    }

    public int workers() {
        return Math.max(1, workers);
    }

    public int idleTimeoutMillis() {
        return (int) Math.min(Integer.MAX_VALUE, idleTimeout.toMillis());
    }

    /** How long a client may read nothing of a long pipeline's replies (at least 1 ms). */
    public long writeTimeoutMillis() {
        return Math.max(1, writeTimeout.toMillis());
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

    /** Store reads of GET runs at once; runs arriving while all are busy share the next one. */
    public int readQueries() {
        return Math.max(1, readQueries);
    }

    /**
     * How long a worker that answered a client keeping a store session waits for its next request (docs/adr/0054);
     * zero or negative: never.
     */
    public long lingerNanos() {
        return Math.max(0, linger.toNanos());
    }

    /** Most main-pool sessions clients keep between their commands at once (docs/adr/0054); 0: none. */
    public int heldSessions() {
        return Math.max(0, heldSessions);
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
